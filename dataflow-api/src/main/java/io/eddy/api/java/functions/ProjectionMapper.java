package io.eddy.api.java.functions;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.tuple.Tuple;

/** The function of {@code project(positions...)}: a new tuple of the selected fields of the input tuple, in the given order. */
public final class ProjectionMapper<T extends Tuple, R extends Tuple> implements MapFunction<T, R> {

    private static final long serialVersionUID = 1L;

    private final int[] positions;

    public ProjectionMapper(int[] positions) {
        this.positions = positions.clone();
    }

    @Override
    @SuppressWarnings("unchecked")
    public R map(T value) {
        R out = (R) Tuple.newInstance(positions.length);
        for (int i = 0; i < positions.length; i++) {
            out.setField(value.getField(positions[i]), i);
        }
        return out;
    }
}
