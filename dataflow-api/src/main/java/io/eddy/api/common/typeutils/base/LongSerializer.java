package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Long} values as 8 bytes, big-endian. Stateless; values are never null. */
public final class LongSerializer extends TypeSerializerSingleton<Long> {

    private static final long serialVersionUID = 1L;

    public static final LongSerializer INSTANCE = new LongSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Long createInstance() {
        return 0L;
    }

    @Override
    public Long copy(Long from) {
        return from;
    }

    @Override
    public int getLength() {
        return 8;
    }

    @Override
    public void serialize(Long record, DataOutputView target) throws IOException {
        target.writeLong(record);
    }

    @Override
    public Long deserialize(DataInputView source) throws IOException {
        return source.readLong();
    }

    @Override
    public Long deserialize(Long reuse, DataInputView source) throws IOException {
        return source.readLong();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 8);
    }

    @Override
    public TypeSerializerSnapshot<Long> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link LongSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Long> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
