package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.time.Instant;

/** Serializes {@code Instant} values: epoch seconds (8 bytes) and nanos (4 bytes). Stateless; values are never null. */
public final class InstantSerializer extends TypeSerializerSingleton<Instant> {

    private static final long serialVersionUID = 1L;

    public static final InstantSerializer INSTANCE = new InstantSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Instant createInstance() {
        return Instant.EPOCH;
    }

    @Override
    public Instant copy(Instant from) {
        return from;
    }

    @Override
    public int getLength() {
        return 12;
    }

    @Override
    public void serialize(Instant record, DataOutputView target) throws IOException {
        target.writeLong(record.getEpochSecond());
        target.writeInt(record.getNano());
    }

    @Override
    public Instant deserialize(DataInputView source) throws IOException {
        long seconds = source.readLong();
        return Instant.ofEpochSecond(seconds, source.readInt());
    }

    @Override
    public Instant deserialize(Instant reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 12);
    }

    @Override
    public TypeSerializerSnapshot<Instant> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link InstantSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Instant> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
