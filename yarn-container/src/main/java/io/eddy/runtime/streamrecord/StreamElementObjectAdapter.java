package io.eddy.runtime.streamrecord;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.io.network.api.ObjectRecordAdapter;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;

/**
 * Hands stream records over local object channels: the value (copied with its serializer unless
 * the type is immutable, so the consumer never sees a change the producer makes after emitting —
 * the same guarantee a serialized exchange gives) and the timestamp. On the consumer side each
 * channel fills one reused {@link StreamRecord}, as the deserializing path does. Other stream
 * elements are handed over as they are.
 *
 * <p>A timestamp of {@code Long.MIN_VALUE} is indistinguishable from none.
 *
 * <p>An instance belongs to one side: the producer's record writer or the consumer's record input.
 */
public final class StreamElementObjectAdapter<T> implements ObjectRecordAdapter<StreamElement> {

    private final TypeSerializer<T> valueSerializer;
    private final boolean immutable;
    private final StreamRecord<Object>[] records;

    /**
     * @param valueSerializer the serializer of the values (duplicated here)
     * @param channels the number of input channels on the consumer side (0 on the producer side)
     */
    @SuppressWarnings("unchecked")
    public StreamElementObjectAdapter(TypeSerializer<T> valueSerializer, int channels) {
        this.valueSerializer = valueSerializer.duplicate();
        this.immutable = valueSerializer.isImmutableType();
        this.records = (StreamRecord<Object>[]) new StreamRecord<?>[channels];
        for (int i = 0; i < channels; i++) {
            records[i] = new StreamRecord<>(null);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object valueOf(StreamElement element) {
        if (!element.isRecord()) {
            return element;
        }
        T value = (T) element.asRecord().getValue();
        return immutable || value == null ? value : valueSerializer.copy(value);
    }

    @Override
    public long timestampOf(StreamElement element) {
        if (!element.isRecord()) {
            return ObjectSubpartition.NO_TIMESTAMP;
        }
        StreamRecord<?> record = element.asRecord();
        return record.hasTimestamp() ? record.getTimestamp() : ObjectSubpartition.NO_TIMESTAMP;
    }

    @Override
    public StreamElement toRecord(Object value, long timestamp, Object key, int keyGroup, int channel) {
        if (value instanceof StreamElement element) {
            return element;
        }
        StreamRecord<Object> record = records[channel];
        record.setPartitionKey(key, keyGroup);
        if (timestamp == ObjectSubpartition.NO_TIMESTAMP) {
            record.replace(value);
            record.eraseTimestamp();
            return record;
        }
        return record.replace(value, timestamp);
    }
}
