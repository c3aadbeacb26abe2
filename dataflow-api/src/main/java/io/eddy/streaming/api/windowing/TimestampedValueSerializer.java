package io.eddy.streaming.api.windowing;

import io.eddy.api.common.typeutils.FieldsSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.streaming.api.windowing.evictors.TimestampedValue;
import java.io.IOException;
import java.util.Objects;

/**
 * Writes a {@link TimestampedValue} as a flag byte (1 = has a timestamp), the timestamp (8 bytes,
 * only with the flag) and the value with the element serializer. Duplicates the element serializer
 * if that one is stateful.
 */
public final class TimestampedValueSerializer<T> extends TypeSerializer<TimestampedValue<T>> {

    private static final long serialVersionUID = 1L;

    private final TypeSerializer<T> valueSerializer;

    public TimestampedValueSerializer(TypeSerializer<T> valueSerializer) {
        this.valueSerializer = Objects.requireNonNull(valueSerializer, "valueSerializer");
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TypeSerializer<TimestampedValue<T>> duplicate() {
        TypeSerializer<T> dup = valueSerializer.duplicate();
        return dup == valueSerializer ? this : new TimestampedValueSerializer<>(dup);
    }

    @Override
    public TimestampedValue<T> createInstance() {
        return new TimestampedValue<>(valueSerializer.createInstance());
    }

    @Override
    public TimestampedValue<T> copy(TimestampedValue<T> from) {
        T value = valueSerializer.copy(from.getValue());
        return from.hasTimestamp() ? new TimestampedValue<>(value, from.getTimestamp()) : new TimestampedValue<>(value);
    }

    @Override
    public TimestampedValue<T> copy(TimestampedValue<T> from, TimestampedValue<T> reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(TimestampedValue<T> record, DataOutputView target) throws IOException {
        target.writeBoolean(record.hasTimestamp());
        if (record.hasTimestamp()) {
            target.writeLong(record.getTimestamp());
        }
        valueSerializer.serialize(record.getValue(), target);
    }

    @Override
    public TimestampedValue<T> deserialize(DataInputView source) throws IOException {
        if (source.readBoolean()) {
            long timestamp = source.readLong();
            return new TimestampedValue<>(valueSerializer.deserialize(source), timestamp);
        }
        return new TimestampedValue<>(valueSerializer.deserialize(source));
    }

    @Override
    public TimestampedValue<T> deserialize(TimestampedValue<T> reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        boolean hasTimestamp = source.readBoolean();
        target.writeBoolean(hasTimestamp);
        if (hasTimestamp) {
            target.writeLong(source.readLong());
        }
        valueSerializer.copy(source, target);
    }

    @Override
    public TypeSerializerSnapshot<TimestampedValue<T>> snapshotConfiguration() {
        return new Snapshot<>(valueSerializer);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof TimestampedValueSerializer<?> other && other.valueSerializer.equals(valueSerializer);
    }

    @Override
    public int hashCode() {
        return valueSerializer.hashCode() * 31 + 11;
    }

    /** The snapshot: the element serializer's snapshot. */
    public static final class Snapshot<T> extends FieldsSerializerSnapshot<TimestampedValue<T>> {

        public Snapshot() {
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        Snapshot(TypeSerializer<T> valueSerializer) {
            super((Class) TimestampedValue.class, new String[] {"value"}, new TypeSerializer<?>[] {valueSerializer});
        }

        @Override
        @SuppressWarnings("unchecked")
        protected TypeSerializer<TimestampedValue<T>> restore(Class<TimestampedValue<T>> typeClass, String[] fieldNames,
                TypeSerializer<?>[] fieldSerializers) {
            return new TimestampedValueSerializer<>((TypeSerializer<T>) fieldSerializers[0]);
        }

        @Override
        protected TypeSerializer<?>[] fieldSerializersOf(TypeSerializer<TimestampedValue<T>> newSerializer) {
            return newSerializer instanceof TimestampedValueSerializer<?> s ? new TypeSerializer<?>[] {s.valueSerializer} : null;
        }

        @Override
        protected String[] fieldNamesOf(TypeSerializer<TimestampedValue<T>> newSerializer) {
            return new String[] {"value"};
        }

        @Override
        protected Class<?> typeClassOf(TypeSerializer<TimestampedValue<T>> newSerializer) {
            return TimestampedValue.class;
        }
    }
}
