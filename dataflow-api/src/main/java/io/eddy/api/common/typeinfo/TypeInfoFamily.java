package io.eddy.api.common.typeinfo;

/**
 * Type information for a family of classes (e.g. every subclass of Hadoop's {@code Writable}),
 * registered by a module as a {@link java.util.ServiceLoader} service: the module's jar lists the
 * implementation in {@code META-INF/services/io.eddy.api.common.typeinfo.TypeInfoFamily}.
 *
 * <p>Families are looked up through the thread's context class loader (the analyzer's own class
 * loader when there is none), once per class loader. The analyzer asks every family whether it
 * {@link #accepts} a class; if exactly one does, it asks that family for the type information.
 * Two families accepting the same class fail the analysis, naming both.
 *
 * <p>Precedence, first match wins: basic types, arrays and tuples (never asked of families); a
 * {@link TypeInfoFrom @TypeInfoFrom} annotation on the class; families; enums, records and POJOs;
 * the generic (Kryo) fallback.
 *
 * <p>Contract: a public class with a public no-argument constructor; stateless and thread-safe
 * (one instance serves every analysis in the JVM). {@link #accepts} is cheap, has no side effects
 * and is true for the same classes every time. {@link #createTypeInfo} is called only for classes
 * the family accepts, and follows the contract of {@link TypeInfoFactory#createTypeInfo}.
 */
public interface TypeInfoFamily {

    /** Whether {@code type} belongs to this family. */
    boolean accepts(Class<?> type);

    /**
     * The type information of {@code type}, a class this family {@link #accepts}.
     *
     * @param typeArguments the type information of {@code type}'s type parameters as bound where the class is used
     */
    <T> TypeInfo<? extends T> createTypeInfo(Class<T> type, TypeArguments typeArguments);
}
