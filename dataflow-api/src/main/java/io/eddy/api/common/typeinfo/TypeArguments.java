package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import java.lang.reflect.TypeVariable;

/**
 * The type information of a class's type parameters where the class is used, handed to a {@link
 * TypeInfoFactory} or {@link TypeInfoFamily}: for a field {@code GraphId<Long> id}, parameter 0 of
 * {@code GraphId} is {@code Long}. A parameter is unbound where the class is used raw or its
 * argument was erased (e.g. in a lambda). Valid only during the call it is passed to.
 */
public final class TypeArguments {

    private final TypeAnalyzer analyzer;
    private final Class<?> type;
    private final TypeVariable<?>[] parameters;

    TypeArguments(TypeAnalyzer analyzer, Class<?> type) {
        this.analyzer = analyzer;
        this.type = type;
        this.parameters = type.getTypeParameters();
    }

    /** The number of type parameters of the class. */
    public int size() {
        return parameters.length;
    }

    /** Whether the parameter at {@code index} is bound to a type where the class is used. */
    public boolean isBound(int index) {
        return analyzer.isBound(parameters[checkIndex(index)]);
    }

    /**
     * The type information of the parameter at {@code index}.
     *
     * @throws InvalidTypesException if it is unbound (the analysis of a POJO or record field then
     *     falls back to generic serialization; elsewhere the error asks for {@code .returns(...)})
     */
    public TypeInfo<?> get(int index) {
        return analyzer.analyze(parameters[checkIndex(index)]);
    }

    private int checkIndex(int index) {
        if (index < 0 || index >= parameters.length) {
            throw new IndexOutOfBoundsException("type argument " + index + " of " + type.getName() + " (expected: 0.."
                    + (parameters.length - 1) + ", the class has " + parameters.length + " type parameters)");
        }
        return index;
    }

    @Override
    public String toString() {
        return "TypeArguments of " + type.getName();
    }
}
