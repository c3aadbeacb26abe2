package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes the only {@code Void} value, null, as one marker byte (so records are never empty). */
public final class VoidSerializer extends TypeSerializerSingleton<Void> {

    private static final long serialVersionUID = 1L;

    public static final VoidSerializer INSTANCE = new VoidSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Void createInstance() {
        return null;
    }

    @Override
    public Void copy(Void from) {
        return null;
    }

    @Override
    public int getLength() {
        return 1;
    }

    @Override
    public void serialize(Void record, DataOutputView target) throws IOException {
        target.writeByte(0);
    }

    @Override
    public Void deserialize(DataInputView source) throws IOException {
        source.readByte();
        return null;
    }

    @Override
    public Void deserialize(Void reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source.readByte());
    }

    @Override
    public TypeSerializerSnapshot<Void> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link VoidSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Void> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
