package io.eddy.jobgraph;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;

/**
 * The partitioning key of a batch hash exchange: the key fields ({@link KeySpec}) of the record,
 * hashed with the key's comparator. Two edges whose key fields have equal types hash equal key
 * values equally, so the inputs of a join or co-group meet in the same subtask.
 *
 * <p>{@link #getKey} returns the hash as an {@code Integer} (whose hash code is that value), as
 * {@link HashingKeySelector} requires. The comparator is created on first use; an instance is used
 * by one thread (each task deserializes its own copy).
 */
public final class FieldsKeySelector<T> implements HashingKeySelector<T> {

    private static final long serialVersionUID = 1L;

    private final TypeInfo<T> type;
    private final KeySpec keys;
    private final SerializerConfig serializerConfig;
    private transient TypeComparator<T> comparator;

    public FieldsKeySelector(TypeInfo<T> type, KeySpec keys, SerializerConfig serializerConfig) {
        this.type = type;
        this.keys = keys;
        this.serializerConfig = serializerConfig;
        keys.createComparator(type, serializerConfig); // fail at plan time on a bad key
    }

    public KeySpec keys() {
        return keys;
    }

    @Override
    public int hashKey(T record) {
        TypeComparator<T> c = comparator;
        if (c == null) {
            c = keys.createComparator(type, serializerConfig);
            comparator = c;
        }
        return c.hash(record);
    }

    @Override
    public Object getKey(T record) {
        return hashKey(record);
    }

    @Override
    public String toString() {
        return "fields " + keys + " of " + type;
    }
}
