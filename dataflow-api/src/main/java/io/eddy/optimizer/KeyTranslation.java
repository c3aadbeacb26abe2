package io.eddy.optimizer;

import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.KeySpec;

/**
 * Turns the plan's {@link Keys} and {@link Ordering}s (flat positions) into {@link KeySpec}s
 * (positions the runtime's comparators take). They agree for types without nested composite
 * fields; other keys fail at plan time, naming the operator and the fix (see
 * {@code docs/optimizer.md}, "Translating the plan").
 */
final class KeyTranslation {

    private KeyTranslation() {}

    /** The key spec of field keys {@code keys} over {@code type}, all ascending. */
    static KeySpec of(Keys keys, TypeInfo<?> type, String operatorName) {
        if (keys.isSelectorKeys()) {
            throw new IllegalArgumentException("Operator '" + operatorName + "': keys given by a KeySelector are not supported here by the batch "
                    + "optimizer yet (they are for groupBy, distinct, join and coGroup); use field positions or names "
                    + "(e.g. map the records to a Tuple2 of key and value first and key on field 0)");
        }
        int[] positions = keys.getFlatPositions();
        checkFlat(type, positions, operatorName);
        return KeySpec.of(positions);
    }

    /**
     * The key spec of a delta iteration's solution-set keys or of a solution-set reader's other side:
     * field keys as {@link #of(Keys, TypeInfo, String)}, a key selector as a {@linkplain
     * KeySpec#selector selector key} (of any key type).
     */
    static KeySpec ofSolutionSetKeys(Keys keys, TypeInfo<?> type, String operatorName) {
        if (!keys.isSelectorKeys()) {
            return of(keys, type, operatorName);
        }
        try {
            return KeySpec.selector(keys.getKeySelector(), keys.getKeyType());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Operator '" + operatorName + "': " + e.getMessage(), e);
        }
    }

    /** The key spec of {@code ordering} over {@code type}, with its orders. */
    static KeySpec of(Ordering ordering, TypeInfo<?> type, String operatorName) {
        int[] positions = ordering.getFieldPositions();
        boolean[] ascending = new boolean[positions.length];
        for (int i = 0; i < positions.length; i++) {
            ascending[i] = ordering.getOrder(i) != Order.DESCENDING;
        }
        checkFlat(type, positions, operatorName);
        return KeySpec.of(positions, ascending);
    }

    /**
     * Checks that every flat position is also the direct position of a top-level non-composite
     * field (true when no field up to it is nested), so the runtime's comparators, which take direct
     * positions, see the same fields.
     */
    private static void checkFlat(TypeInfo<?> type, int[] positions, String operatorName) {
        if (!(type instanceof CompositeType<?> composite)) {
            if (positions.length != 1 || positions[0] != 0) {
                throw new IllegalArgumentException("Bug: operator '" + operatorName + "': key " + java.util.Arrays.toString(positions)
                        + " on the atomic type " + type);
            }
            return;
        }
        for (int p : positions) {
            boolean direct = p < composite.getArity();
            for (int i = 0; direct && i <= p; i++) {
                direct = composite.getTypeAt(i).getTotalFields() == 1 && !(composite.getTypeAt(i) instanceof CompositeType<?>);
            }
            if (!direct) {
                throw new IllegalArgumentException("Operator '" + operatorName + "': key field " + p + " (flat position) of type " + type
                        + " lies in or after a nested field: keys on nested types are not supported by the batch optimizer yet; "
                        + "flatten the records with a map first (e.g. into a Tuple of the key fields and the rest), "
                        + "or put the key fields before the nested ones");
            }
        }
    }
}
