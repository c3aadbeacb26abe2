package io.eddy.runtime.streamrecord;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.Objects;

/**
 * Serializes {@link StreamElement}s for the network: one tag byte, then the element. A record is
 * tag {@value #TAG_RECORD} and its value, or tag {@value #TAG_RECORD_WITH_TIMESTAMP}, the timestamp
 * as a long and its value; the value is written by the wrapped user type serializer. A {@link
 * Watermark} is tag {@value #TAG_WATERMARK} and its timestamp as a long; a {@link WatermarkStatus}
 * is tag {@value #TAG_WATERMARK_STATUS} and a boolean (idle).
 *
 * <p>A serializer made by {@link #reusingRecords} returns the same {@link StreamRecord} instance
 * from every {@link #deserialize(DataInputView)}, holding the new value (never a reused value):
 * for a network input whose records go to an {@link io.eddy.runtime.operators.Input}, which may
 * not keep the record beyond the call. That saves an allocation per record. Such a serializer
 * belongs to one thread; {@link #duplicate()} gives each copy its own record.
 */
public final class StreamElementSerializer<T> extends TypeSerializer<StreamElement> {

    private static final long serialVersionUID = 1L;

    static final int TAG_RECORD = 0;
    static final int TAG_RECORD_WITH_TIMESTAMP = 1;
    static final int TAG_WATERMARK = 2;
    static final int TAG_WATERMARK_STATUS = 3;

    private final TypeSerializer<T> valueSerializer;
    /** The record every deserialize returns (reusing mode, not serialized), or null. Owned by the reading thread. */
    private final transient StreamRecord<T> reusedRecord;

    public StreamElementSerializer(TypeSerializer<T> valueSerializer) {
        this(valueSerializer, false);
    }

    private StreamElementSerializer(TypeSerializer<T> valueSerializer, boolean reuseRecords) {
        this.valueSerializer = Objects.requireNonNull(valueSerializer, "valueSerializer");
        this.reusedRecord = reuseRecords ? new StreamRecord<>(null) : null;
    }

    /**
     * A serializer whose {@link #deserialize(DataInputView)} returns one and the same record
     * instance, valid until the next call (see the class comment). For one reading thread.
     */
    public static <T> StreamElementSerializer<T> reusingRecords(TypeSerializer<T> valueSerializer) {
        return new StreamElementSerializer<>(valueSerializer, true);
    }

    public TypeSerializer<T> getValueSerializer() {
        return valueSerializer;
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<StreamElement> duplicate() {
        TypeSerializer<T> duplicate = valueSerializer.duplicate();
        if (reusedRecord != null) {
            return new StreamElementSerializer<>(duplicate, true);
        }
        return duplicate == valueSerializer ? this : new StreamElementSerializer<>(duplicate);
    }

    @Override
    public StreamElement createInstance() {
        return new StreamRecord<>(valueSerializer.createInstance());
    }

    @Override
    public StreamElement copy(StreamElement from) {
        if (!from.isRecord()) {
            return copyMarker(from);
        }
        StreamRecord<T> record = from.asRecord();
        return record.copy(valueSerializer.copy(record.getValue()));
    }

    @Override
    public StreamElement copy(StreamElement from, StreamElement reuse) {
        if (!from.isRecord()) {
            return copyMarker(from);
        }
        StreamRecord<T> record = from.asRecord();
        if (reuse != null && reuse.isRecord()) {
            StreamRecord<T> target = reuse.asRecord();
            T value = target.getValue() == null ? valueSerializer.copy(record.getValue()) : valueSerializer.copy(record.getValue(), target.getValue());
            target.replace(value);
            target.setTimestampFrom(record);
            return target;
        }
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(StreamElement element, DataOutputView target) throws IOException {
        if (!element.isRecord()) {
            serializeMarker(element, target);
            return;
        }
        StreamRecord<T> record = element.asRecord();
        if (record.hasTimestamp()) {
            target.writeByte(TAG_RECORD_WITH_TIMESTAMP);
            target.writeLong(record.getTimestamp());
        } else {
            target.writeByte(TAG_RECORD);
        }
        valueSerializer.serialize(record.getValue(), target);
    }

    @Override
    public StreamElement deserialize(DataInputView source) throws IOException {
        int tag = source.readUnsignedByte();
        StreamRecord<T> reuse = reusedRecord;
        if (tag == TAG_RECORD) {
            T value = valueSerializer.deserialize(source);
            if (reuse == null) {
                return new StreamRecord<>(value);
            }
            reuse.eraseTimestamp();
            return reuse.replace(value);
        }
        if (tag == TAG_RECORD_WITH_TIMESTAMP) {
            long timestamp = source.readLong();
            T value = valueSerializer.deserialize(source);
            return reuse == null ? new StreamRecord<>(value, timestamp) : reuse.replace(value, timestamp);
        }
        return deserializeMarker(tag, source);
    }

    @Override
    public StreamElement deserialize(StreamElement reuse, DataInputView source) throws IOException {
        if (reuse == null || !reuse.isRecord()) {
            return deserialize(source);
        }
        StreamRecord<T> target = reuse.asRecord();
        int tag = source.readUnsignedByte();
        if (tag == TAG_RECORD) {
            target.eraseTimestamp();
            return target.replace(valueSerializer.deserialize(target.getValue(), source));
        }
        if (tag == TAG_RECORD_WITH_TIMESTAMP) {
            long timestamp = source.readLong();
            return target.replace(valueSerializer.deserialize(target.getValue(), source), timestamp);
        }
        return deserializeMarker(tag, source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int tag = source.readUnsignedByte();
        target.writeByte(tag);
        if (tag == TAG_WATERMARK) {
            target.writeLong(source.readLong());
            return;
        }
        if (tag == TAG_WATERMARK_STATUS) {
            target.writeBoolean(source.readBoolean());
            return;
        }
        if (tag == TAG_RECORD_WITH_TIMESTAMP) {
            target.writeLong(source.readLong());
        } else if (tag != TAG_RECORD) {
            throw unknownTag(tag);
        }
        valueSerializer.copy(source, target);
    }

    @Override
    public TypeSerializerSnapshot<StreamElement> snapshotConfiguration() {
        return new StreamElementSerializerSnapshot<>(valueSerializer.snapshotConfiguration());
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof StreamElementSerializer<?> other && other.valueSerializer.equals(valueSerializer);
    }

    @Override
    public int hashCode() {
        return valueSerializer.hashCode() + 31;
    }

    @Override
    public String toString() {
        return "StreamElementSerializer(" + valueSerializer + ")";
    }

    /** A new watermark (as the copy contract asks); a watermark status is one of two singletons. */
    private static StreamElement copyMarker(StreamElement from) {
        return from.isWatermark() ? new Watermark(from.asWatermark().getTimestamp()) : from;
    }

    private static void serializeMarker(StreamElement element, DataOutputView target) throws IOException {
        if (element.isWatermark()) {
            target.writeByte(TAG_WATERMARK);
            target.writeLong(element.asWatermark().getTimestamp());
        } else if (element.isWatermarkStatus()) {
            target.writeByte(TAG_WATERMARK_STATUS);
            target.writeBoolean(element.asWatermarkStatus().isIdle());
        } else {
            throw new IllegalArgumentException("Bug: StreamElementSerializer got a " + element.getClass().getName()
                    + " (expected: a StreamRecord, Watermark or WatermarkStatus)");
        }
    }

    private static StreamElement deserializeMarker(int tag, DataInputView source) throws IOException {
        if (tag == TAG_WATERMARK) {
            long timestamp = source.readLong();
            return timestamp == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(timestamp);
        }
        if (tag == TAG_WATERMARK_STATUS) {
            return WatermarkStatus.of(source.readBoolean());
        }
        throw unknownTag(tag);
    }

    private static IOException unknownTag(int tag) {
        return new IOException("Corrupt stream element: unknown tag " + tag + " (expected " + TAG_RECORD + " to "
                + TAG_WATERMARK_STATUS + "). The producer and consumer may run different Eddy versions, or a serializer "
                + "read fewer or more bytes than it wrote.");
    }
}
