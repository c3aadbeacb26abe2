package io.eddy.api.common.operators;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Flat field positions: the plan addresses fields of a type by their position once nested tuples,
 * records and POJOs are flattened, depth first in field order. In {@code Tuple2<Tuple2<String,
 * Integer>, Long>}, {@code f0.f0} is flat field 0, {@code f0.f1} is 1 and {@code f1} is 2; {@code
 * f0} covers flat fields 0 and 1. A non-composite type has one flat field, 0, the value itself.
 * POJO fields are ordered by name, record components in declaration order (see {@code types.md}).
 *
 * <p>Stateless; errors name the operator, the expression and the fields the type has.
 */
public final class FlatFields {

    private FlatFields() {
    }

    /**
     * The flat positions covered by {@code expression}: a field name, dotted names for nested fields,
     * or {@code "*"} (also {@code "_"}) for the whole value.
     *
     * @throws InvalidTypesException if a field does not exist, naming {@code operatorName}
     */
    public static int[] of(TypeInfo<?> type, String expression, String operatorName) {
        String expr = expression.trim();
        if (expr.equals("*") || expr.equals("_")) {
            return range(0, type.getTotalFields());
        }
        int offset = 0;
        TypeInfo<?> current = type;
        for (String name : expr.split("\\.", -1)) {
            if (!(current instanceof CompositeType<?> composite)) {
                throw new InvalidTypesException("Operator '" + operatorName + "': field expression '" + expression + "' selects '"
                        + name + "' in type " + current + ", which has no fields; use '*' for the whole value or a KeySelector");
            }
            int index = composite.getFieldIndex(name);
            if (index < 0) {
                throw new InvalidTypesException("Operator '" + operatorName + "': field '" + name + "' (in expression '" + expression
                        + "') does not exist in type " + composite + "; its fields are " + Arrays.toString(composite.getFieldNames()));
            }
            offset += offsetOf(composite, index);
            current = composite.getTypeAt(index);
        }
        return range(offset, current.getTotalFields());
    }

    /**
     * The flat positions covered by the direct field at {@code position} (position 0 of a
     * non-composite type is the value itself).
     *
     * @throws InvalidTypesException if there is no such field, naming {@code operatorName}
     */
    public static int[] of(TypeInfo<?> type, int position, String operatorName) {
        if (type instanceof CompositeType<?> composite) {
            if (position < 0 || position >= composite.getArity()) {
                throw new InvalidTypesException("Operator '" + operatorName + "': field position " + position + " does not exist in type "
                        + type + " (expected: 0.." + (composite.getArity() - 1) + "; its fields are "
                        + Arrays.toString(composite.getFieldNames()) + ")");
            }
            return range(offsetOf(composite, position), composite.getTypeAt(position).getTotalFields());
        }
        if (position != 0) {
            throw new InvalidTypesException("Operator '" + operatorName + "': field position " + position + " does not exist in type "
                    + type + ", which has no fields (expected: position 0 for the value itself, or use a KeySelector)");
        }
        return new int[] {0};
    }

    /** The types of all flat fields of {@code type}, in flat order. */
    public static List<TypeInfo<?>> leafTypes(TypeInfo<?> type) {
        List<TypeInfo<?>> leaves = new ArrayList<>();
        collectLeaves(type, leaves);
        return leaves;
    }

    /** The type of the flat field at {@code flatPosition} of {@code type}. */
    public static TypeInfo<?> leafType(TypeInfo<?> type, int flatPosition) {
        List<TypeInfo<?>> leaves = leafTypes(type);
        if (flatPosition < 0 || flatPosition >= leaves.size()) {
            throw new IndexOutOfBoundsException("flat field " + flatPosition + " of " + type + " (expected: 0.." + (leaves.size() - 1) + ")");
        }
        return leaves.get(flatPosition);
    }

    private static void collectLeaves(TypeInfo<?> type, List<TypeInfo<?>> leaves) {
        if (type instanceof CompositeType<?> composite) {
            for (int i = 0; i < composite.getArity(); i++) {
                collectLeaves(composite.getTypeAt(i), leaves);
            }
        } else {
            leaves.add(type);
        }
    }

    private static int offsetOf(CompositeType<?> composite, int index) {
        int offset = 0;
        for (int i = 0; i < index; i++) {
            offset += composite.getTypeAt(i).getTotalFields();
        }
        return offset;
    }

    private static int[] range(int from, int count) {
        int[] positions = new int[count];
        for (int i = 0; i < count; i++) {
            positions[i] = from + i;
        }
        return positions;
    }
}
