package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.java.tuple.Tuple;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Determines {@link TypeInfo}s at plan time: from classes and generic types, from values, from the
 * generic signature of user functions (classes, anonymous classes, lambdas and method references)
 * and from anonymous subclasses that capture a type ({@link TypeHint}, side-output tags).
 *
 * <p>When a type cannot be determined (most often a lambda whose output type the compiler erased,
 * such as the {@code Collector<O>} of a flatMap lambda), the error names the operator and says to
 * add {@code .returns(...)}. Stateless; safe to call from any thread.
 */
public final class TypeExtractor {

    private TypeExtractor() {
    }

    /**
     * Analyses a class: basic types, arrays, tuple subclasses that bind their type arguments, the
     * type information registered for the class ({@link TypeInfoFrom}, {@link TypeInfoFamily}),
     * enums, records, POJOs, otherwise a generic (Kryo) type.
     *
     * @throws InvalidTypesException for a standard tuple class, whose field types are unknown without
     *     type arguments
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeInfo<T> createTypeInfo(Class<T> type) {
        Objects.requireNonNull(type, "type");
        return (TypeInfo<T>) new TypeAnalyzer().analyze(type);
    }

    /** Analyses a generic type, such as a {@code ParameterizedType} of a tuple or a generic POJO. */
    @SuppressWarnings("unchecked")
    public static <T> TypeInfo<T> createTypeInfo(Type type) {
        Objects.requireNonNull(type, "type");
        return (TypeInfo<T>) new TypeAnalyzer().analyze(type);
    }

    /**
     * The type of {@code value}: for standard tuples, from the values of their fields (which must not
     * be null), otherwise from the value's class.
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeInfo<T> getForObject(T value) {
        Objects.requireNonNull(value, "getForObject: value (expected: a non-null value; give null-able data a type with .returns(...))");
        if (value instanceof Tuple tuple && TypeAnalyzer.isStandardTuple(value.getClass())) {
            TypeInfo<?>[] fields = new TypeInfo<?>[tuple.getArity()];
            for (int i = 0; i < fields.length; i++) {
                Object field = tuple.getField(i);
                if (field == null) {
                    throw new InvalidTypesException("Field f" + i + " of " + value + " is null, so its type is unknown and"
                            + " tuple fields must not be null; give the type explicitly (e.g. Types.TUPLE(...)) and use"
                            + " non-null values, or use a POJO or record");
                }
                fields[i] = getForObject(field);
            }
            return (TypeInfo<T>) new TupleTypeInfo<>(fields);
        }
        return createTypeInfo((Class<T>) value.getClass());
    }

    /**
     * The output type of a user function: the type argument at {@code outputTypeArgIndex} of
     * {@code functionInterface} as implemented by {@code function}, which must be an instance of
     * {@code functionInterface} (a class, also anonymous, or a serializable lambda).
     *
     * <p>A {@link ResultTypeQueryable} function gives its output type itself. Otherwise, for a class (also anonymous), the generic hierarchy is walked and type variables are
     * substituted; for a lambda or method reference, the implementation method's signature is read.
     * A type variable that is also an input type argument is taken from {@code inputTypes}:
     * {@code inputTypes[i]} is the type of the i-th type parameter of {@code functionInterface} when
     * the output parameter is skipped (for {@code MapFunction<IN, OUT>}: {@code {IN}}; for {@code
     * KeyedProcessFunction<K, I, O>}: {@code {K, I}}); it may be shorter, and entries may be null.
     *
     * @param operatorName the operator's name, for the error message
     * @throws InvalidTypesException naming the operator and suggesting {@code .returns(...)} when the
     *     type cannot be determined
     */
    @SuppressWarnings("unchecked")
    public static <OUT> TypeInfo<OUT> getOutputType(Object function, Class<?> functionInterface, int outputTypeArgIndex,
            TypeInfo<?>[] inputTypes, String operatorName) {
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(functionInterface, "functionInterface");
        if (!functionInterface.isInstance(function)) {
            throw new IllegalArgumentException("function: " + function.getClass().getName() + " (expected: an implementation of "
                    + functionInterface.getName() + " for operator '" + operatorName + "')");
        }
        TypeVariable<?>[] params = functionInterface.getTypeParameters();
        Objects.checkIndex(outputTypeArgIndex, params.length);
        if (function instanceof ResultTypeQueryable<?> queryable) {
            TypeInfo<?> produced = queryable.getProducedType();
            if (produced == null) {
                throw new InvalidTypesException("Operator '" + operatorName + "': " + function.getClass().getName()
                        + ".getProducedType() returned null (expected: the type of the records it produces)");
            }
            return (TypeInfo<OUT>) produced;
        }
        try {
            TypeAnalyzer analyzer = new TypeAnalyzer();
            Type[] args = resolveArguments(function, functionInterface, analyzer.typeBindings());
            int input = 0;
            for (int i = 0; i < args.length; i++) {
                if (i == outputTypeArgIndex) {
                    continue;
                }
                if (inputTypes != null && input < inputTypes.length && inputTypes[input] != null) {
                    analyzer.bindInput(args[i], inputTypes[input]);
                }
                input++;
            }
            return (TypeInfo<OUT>) analyzer.analyze(args[outputTypeArgIndex]);
        } catch (TypeInfoFactoryException e) {
            throw new TypeInfoFactoryException("Operator '" + operatorName + "': " + e.getMessage(), e);
        } catch (InvalidTypesException e) {
            throw new InvalidTypesException(returnsAdvice(operatorName, function, e.getMessage()), e);
        }
    }

    private static Type[] resolveArguments(Object function, Class<?> functionInterface, Map<TypeVariable<?>, Type> bindings) {
        SerializedLambda lambda = LambdaTypes.serializedLambda(function);
        if (lambda != null) {
            ClassLoader loader = function.getClass().getClassLoader();
            LambdaTypes.bindLambda(lambda, loader, functionInterface, bindings);
            TypeVariable<?>[] vars = functionInterface.getTypeParameters();
            Type[] args = new Type[vars.length];
            for (int i = 0; i < vars.length; i++) {
                args[i] = Generics.substitute(vars[i], bindings);
            }
            return args;
        }
        Type[] args = Generics.findArguments(function.getClass(), functionInterface, bindings);
        if (args == null) {
            throw new InvalidTypesException("Bug: " + function.getClass().getName() + " is an instance of "
                    + functionInterface.getName() + " but its generic supertypes do not say so");
        }
        return args;
    }

    private static String returnsAdvice(String operatorName, Object function, String reason) {
        String kind = LambdaTypes.serializedLambda(function) != null ? "lambda" : "function " + function.getClass().getName();
        return "The output type of operator '" + operatorName + "' cannot be determined from its " + kind + ": " + reason
                + ". Java erases generic types of lambdas; add .returns(...) after the operator, e.g. .returns(Types.STRING)"
                + " or .returns(new TypeHint<Tuple2<String, Integer>>() {}), or implement the function as a (anonymous) class";
    }

    /**
     * The type argument at {@code typeArgIndex} with which {@code subclass} extends {@code
     * genericBase}; used by anonymous subclasses that capture a type ({@code new TypeHint<..>() {}},
     * {@code new OutputTag<..>("id") {}}).
     *
     * @param what names the thing being created, for the error message
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeInfo<T> createTypeInfoFromSubclass(Class<?> subclass, Class<?> genericBase, int typeArgIndex, String what) {
        Map<TypeVariable<?>, Type> bindings = new HashMap<>();
        Type[] args = Generics.findArguments(subclass, genericBase, bindings);
        if (args == null || typeArgIndex < 0 || typeArgIndex >= args.length) {
            throw new IllegalArgumentException("createTypeInfoFromSubclass: " + subclass.getName() + " (expected: a subclass of "
                    + genericBase.getName() + " with a type argument at index " + typeArgIndex + ")");
        }
        try {
            TypeAnalyzer analyzer = new TypeAnalyzer();
            analyzer.typeBindings().putAll(bindings);
            return (TypeInfo<T>) analyzer.analyze(args[typeArgIndex]);
        } catch (TypeInfoFactoryException e) {
            throw new TypeInfoFactoryException(what + ": " + e.getMessage(), e);
        } catch (InvalidTypesException e) {
            throw new InvalidTypesException(what + ": the type cannot be determined: " + e.getMessage()
                    + ". Create it as an anonymous subclass with a concrete type argument, e.g. new "
                    + genericBase.getSimpleName() + "<Tuple2<String, Integer>>(...) {}, or pass the TypeInfo explicitly", e);
        }
    }
}
