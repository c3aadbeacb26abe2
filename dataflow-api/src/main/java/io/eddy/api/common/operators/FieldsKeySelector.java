package io.eddy.api.common.operators;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.java.tuple.Tuple;

/**
 * The key selector that {@link Keys} gives for field keys: the value of one field, or a tuple of
 * the values of several, read through {@link FieldAccessor}s resolved at plan time. Thread-safe.
 */
final class FieldsKeySelector<T> implements KeySelector<T, Object> {

    private static final long serialVersionUID = 1L;

    private final FieldAccessor<T, Object>[] accessors;

    FieldsKeySelector(FieldAccessor<T, Object>[] accessors) {
        this.accessors = accessors.clone();
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
}
