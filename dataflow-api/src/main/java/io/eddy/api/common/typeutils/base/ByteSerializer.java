package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Byte} values as 1 bytes, big-endian. Stateless; values are never null. */
public final class ByteSerializer extends TypeSerializerSingleton<Byte> {

    private static final long serialVersionUID = 1L;

    public static final ByteSerializer INSTANCE = new ByteSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Byte createInstance() {
        return (byte) 0;
    }

    @Override
    public Byte copy(Byte from) {
        return from;
    }

    @Override
    public int getLength() {
        return 1;
    }

    @Override
    public void serialize(Byte record, DataOutputView target) throws IOException {
        target.writeByte(record);
    }

    @Override
    public Byte deserialize(DataInputView source) throws IOException {
        return source.readByte();
    }

    @Override
    public Byte deserialize(Byte reuse, DataInputView source) throws IOException {
        return source.readByte();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 1);
    }

    @Override
    public TypeSerializerSnapshot<Byte> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link ByteSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Byte> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
