package io.eddy.streaming.api.functions.aggregation;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeinfo.ValueOrder;

/**
 * Rolling {@code min}, {@code max}, {@code minBy} and {@code maxBy} of one field with an order
 * ({@code KeyedStream}); values are compared in their {@link ValueOrder} (the comparator of the
 * field's type, else {@link Comparable}). {@link Mode#MIN} / {@link Mode#MAX} keep the key's first
 * record and only replace the field by the extreme value; {@link Mode#MIN_BY} / {@link Mode#MAX_BY}
 * keep the whole record holding the extreme value, of equal ones the first (or the last when
 * {@code first} is false).
 */
public final class ComparableAggregator<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    /** Which extreme is kept and how. */
    public enum Mode {
        MIN,
        MAX,
        MIN_BY,
        MAX_BY
    }

    private final FieldAccessor<T, Object> accessor;
    private final Mode mode;
    private final boolean first;
    private final TypeSerializer<T> serializer;
    private final ValueOrder order;

    /**
     * @param serializer copies the first record when its field is replaced, so a record already emitted is never changed
     * @throws IllegalArgumentException if the field's type is not comparable, naming {@code operatorName}
     */
    @SuppressWarnings("unchecked")
    public ComparableAggregator(FieldAccessor<T, ?> accessor, Mode mode, boolean first, TypeSerializer<T> serializer, String operatorName) {
        this.accessor = (FieldAccessor<T, Object>) accessor;
        this.mode = mode;
        this.first = first;
        this.serializer = serializer;
        TypeInfo<?> fieldType = accessor.getFieldType();
        if (!ValueOrder.isOrdered(fieldType)) {
            throw new IllegalArgumentException("Operator '" + operatorName + "': the field has type " + fieldType
                    + ", which has no order, so it has no " + mode.name().toLowerCase(java.util.Locale.ROOT).replace("_by", "By")
                    + " (expected: a number, String, another Comparable type, or a type whose TypeInfo is an AtomicType sort key)");
        }
        this.order = ValueOrder.of(fieldType);
    }

    @Override
    public T reduce(T value1, T value2) {
        Object f1 = accessor.get(value1);
        Object f2 = accessor.get(value2);
        int c = order.compare(f1, f2);
        return switch (mode) {
            case MIN -> c <= 0 ? value1 : accessor.set(serializer.copy(value1), f2);
            case MAX -> c >= 0 ? value1 : accessor.set(serializer.copy(value1), f2);
            case MIN_BY -> c < 0 || (c == 0 && first) ? value1 : value2;
            case MAX_BY -> c > 0 || (c == 0 && first) ? value1 : value2;
        };
    }
}
