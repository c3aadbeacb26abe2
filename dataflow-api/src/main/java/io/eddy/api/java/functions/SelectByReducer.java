package io.eddy.api.java.functions;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.ValueOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The function of {@code minBy(fields...)} / {@code maxBy(fields...)}: keeps the whole record with
 * the smallest (largest) values of the fields, compared in the given order; of equal records the
 * first one. Values are compared in their {@link ValueOrder} (the comparator of the field's type,
 * else {@link Comparable}).
 */
public final class SelectByReducer<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final List<FieldAccessor<T, Object>> fields;
    private final List<ValueOrder> orders;
    private final boolean max;

    /**
     * @param fields fields whose types have an order ({@link ValueOrder#isOrdered}), compared in order
     * @param max true for {@code maxBy}, false for {@code minBy}
     */
    public SelectByReducer(List<FieldAccessor<T, Object>> fields, boolean max) {
        this.fields = List.copyOf(fields);
        this.max = max;
        List<ValueOrder> fieldOrders = new ArrayList<>();
        for (FieldAccessor<T, Object> field : fields) {
            fieldOrders.add(ValueOrder.of(field.getFieldType()));
        }
        this.orders = List.copyOf(fieldOrders);
    }

    @Override
    public T reduce(T value1, T value2) {
        for (int i = 0; i < fields.size(); i++) {
            FieldAccessor<T, Object> field = fields.get(i);
            int c = orders.get(i).compare(field.get(value1), field.get(value2));
            if (c != 0) {
                return (c < 0) != max ? value1 : value2;
            }
        }
        return value1;
    }
}
