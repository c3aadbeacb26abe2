package io.eddy.streaming.api.datastream;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.api.java.tuple.Tuple;
import java.util.Arrays;

/**
 * The key selector of {@code keyBy(fields...)} / {@code keyBy(positions...)}: the value of one
 * field, or a tuple of the values of several, read through {@link FieldAccessor}s resolved at plan time.
 */
final class FieldKeySelector<T> implements KeySelector<T, Object> {

    private static final long serialVersionUID = 1L;

    private final FieldAccessor<T, Object>[] accessors;

    private FieldKeySelector(FieldAccessor<T, Object>[] accessors) {
        this.accessors = accessors;
    }

    @Override
    public Object getKey(T value) {
        if (accessors.length == 1) {
            return accessors[0].get(value);
        }
        Tuple key = Tuple.newInstance(accessors.length);
        for (int i = 0; i < accessors.length; i++) {
            key.setField(accessors[i].get(value), i);
        }
        return key;
    }

    static <T> KeyedStream<T, Object> keyBy(DataStream<T> stream, String... fields) {
        checkCount(stream, fields.length);
        TypeInfo<T> type = stream.getType();
        String operator = "keyBy" + Arrays.toString(fields) + " after '" + stream.getTransformation().getName() + "'";
        @SuppressWarnings("unchecked")
        FieldAccessor<T, Object>[] accessors = new FieldAccessor[fields.length];
        for (int i = 0; i < fields.length; i++) {
            accessors[i] = FieldAccessors.create(type, fields[i], operator);
        }
        return create(stream, accessors);
    }

    static <T> KeyedStream<T, Object> keyBy(DataStream<T> stream, int... positions) {
        checkCount(stream, positions.length);
        TypeInfo<T> type = stream.getType();
        String operator = "keyBy" + Arrays.toString(positions) + " after '" + stream.getTransformation().getName() + "'";
        @SuppressWarnings("unchecked")
        FieldAccessor<T, Object>[] accessors = new FieldAccessor[positions.length];
        for (int i = 0; i < positions.length; i++) {
            accessors[i] = FieldAccessors.create(type, positions[i], operator);
        }
        return create(stream, accessors);
    }

    private static void checkCount(DataStream<?> stream, int count) {
        if (count < 1 || count > Tuple.MAX_ARITY) {
            throw new IllegalArgumentException("keyBy after '" + stream.getTransformation().getName() + "': " + count
                    + " key fields (expected: 1 to " + Tuple.MAX_ARITY + ")");
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> KeyedStream<T, Object> create(DataStream<T> stream, FieldAccessor<T, Object>[] accessors) {
        TypeInfo<Object> keyType;
        if (accessors.length == 1) {
            keyType = accessors[0].getFieldType();
        } else {
            TypeInfo<?>[] fieldTypes = new TypeInfo<?>[accessors.length];
            for (int i = 0; i < accessors.length; i++) {
                fieldTypes[i] = accessors[i].getFieldType();
            }
            keyType = (TypeInfo<Object>) (TypeInfo<?>) new TupleTypeInfo<>(fieldTypes);
        }
        return new KeyedStream<>(stream, new FieldKeySelector<>(accessors), keyType);
    }
}
