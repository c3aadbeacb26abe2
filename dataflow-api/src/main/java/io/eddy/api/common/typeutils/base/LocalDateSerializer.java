package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.time.LocalDate;

/** Serializes {@code LocalDate} values: the epoch day as 8 bytes. Stateless; values are never null. */
public final class LocalDateSerializer extends TypeSerializerSingleton<LocalDate> {

    private static final long serialVersionUID = 1L;

    public static final LocalDateSerializer INSTANCE = new LocalDateSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public LocalDate createInstance() {
        return LocalDate.EPOCH;
    }

    @Override
    public LocalDate copy(LocalDate from) {
        return from;
    }

    @Override
    public int getLength() {
        return 8;
    }

    @Override
    public void serialize(LocalDate record, DataOutputView target) throws IOException {
        target.writeLong(record.toEpochDay());
    }

    @Override
    public LocalDate deserialize(DataInputView source) throws IOException {
        return LocalDate.ofEpochDay(source.readLong());
    }

    @Override
    public LocalDate deserialize(LocalDate reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 8);
    }

    @Override
    public TypeSerializerSnapshot<LocalDate> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link LocalDateSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<LocalDate> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
