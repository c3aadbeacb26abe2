package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.io.Serializable;

/**
 * Describes the type of the values on an edge of a dataflow and creates the serializer (and, for
 * keys, the comparator) for it. Fixed at plan time, before anything runs.
 *
 * <p>Implementations: basic types and their boxes, {@code String}, arrays, tuples, records, POJOs,
 * enums, types registered by modules ({@link TypeInfoFrom}, {@link TypeInfoFamily}), and a generic
 * (Kryo) fallback. Obtain instances through {@link Types} or {@link #of(Class)}; a type the API
 * cannot infer is given with {@code .returns(...)}.
 */
public abstract class TypeInfo<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The class of the values. */
    public abstract Class<T> getTypeClass();

    /** Whether this is a primitive, a box or {@code String}. */
    public abstract boolean isBasicType();

    /** Whether this is one of {@code Tuple1}..{@code Tuple25}. */
    public abstract boolean isTupleType();

    /** The number of direct fields; 1 for atomic types. */
    public abstract int getArity();

    /** The number of fields once nested composite types are flattened; 1 for atomic types. */
    public abstract int getTotalFields();

    /** Whether values of this type can be keys: hashed by value and compared. */
    public abstract boolean isKeyType();

    /** Whether values of this type can be sorted. */
    public boolean isSortKeyType() {
        return isKeyType();
    }

    public abstract TypeSerializer<T> createSerializer(SerializerConfig config);

    @Override
    public abstract String toString();

    @Override
    public abstract boolean equals(Object obj);

    @Override
    public abstract int hashCode();

    /** The type information of {@code type}, analysed once. */
    public static <T> TypeInfo<T> of(Class<T> type) {
        return TypeExtractor.createTypeInfo(type);
    }

    /** The type information of a generic type captured by an anonymous {@link TypeHint} subclass. */
    public static <T> TypeInfo<T> of(TypeHint<T> hint) {
        return hint.getTypeInfo();
    }
}
