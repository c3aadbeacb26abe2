package io.eddy.api.java.functions;

import io.eddy.api.java.tuple.Tuple;
import java.io.Serializable;

/**
 * Builds the output tuple of {@code projectFirst(...).projectSecond(...)} on a join or cross:
 * output field {@code i} is field {@code positions[i]} of input {@code sides[i]} (0 first, 1
 * second), or that input's whole value when the position is -1. Immutable and thread-safe.
 */
public final class PairProjection implements Serializable {

    private static final long serialVersionUID = 1L;

    private final int[] sides;
    private final int[] positions;

    /** @throws IllegalArgumentException if the arrays differ in length, are empty or longer than a tuple */
    public PairProjection(int[] sides, int[] positions) {
        if (sides.length != positions.length || sides.length == 0 || sides.length > Tuple.MAX_ARITY) {
            throw new IllegalArgumentException("Bug: projection of " + sides.length + " sides and " + positions.length + " positions");
        }
        this.sides = sides.clone();
        this.positions = positions.clone();
    }

    /** The projected tuple of one pair; a null side (outer join) gives null fields. */
    public Tuple project(Object first, Object second) {
        Tuple out = Tuple.newInstance(sides.length);
        for (int i = 0; i < sides.length; i++) {
            Object value = sides[i] == 0 ? first : second;
            out.setField(positions[i] < 0 || value == null ? value : ((Tuple) value).getField(positions[i]), i);
        }
        return out;
    }
}
