package io.eddy.api.java.functions;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeutils.FieldAccessor;
import java.util.List;

/**
 * The function of {@code minBy(fields...)} / {@code maxBy(fields...)}: keeps the whole record with
 * the smallest (largest) values of the fields, compared in the given order; of equal records the
 * first one.
 */
public final class SelectByReducer<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final List<FieldAccessor<T, Object>> fields;
    private final boolean max;

    /**
     * @param fields comparable fields, compared in order
     * @param max true for {@code maxBy}, false for {@code minBy}
     */
    public SelectByReducer(List<FieldAccessor<T, Object>> fields, boolean max) {
        this.fields = List.copyOf(fields);
        this.max = max;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T reduce(T value1, T value2) {
        for (FieldAccessor<T, Object> field : fields) {
            int c = ((Comparable<Object>) field.get(value1)).compareTo(field.get(value2));
            if (c != 0) {
                return (c < 0) != max ? value1 : value2;
            }
        }
        return value1;
    }
}
