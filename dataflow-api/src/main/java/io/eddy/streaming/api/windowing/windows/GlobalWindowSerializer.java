package io.eddy.streaming.api.windowing.windows;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Writes the {@link GlobalWindow} as one zero byte. Stateless. */
public final class GlobalWindowSerializer extends TypeSerializerSingleton<GlobalWindow> {

    private static final long serialVersionUID = 1L;

    public static final GlobalWindowSerializer INSTANCE = new GlobalWindowSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public GlobalWindow createInstance() {
        return GlobalWindow.get();
    }

    @Override
    public GlobalWindow copy(GlobalWindow from) {
        return from;
    }

    @Override
    public int getLength() {
        return 1;
    }

    @Override
    public void serialize(GlobalWindow record, DataOutputView target) throws IOException {
        target.writeByte(0);
    }

    @Override
    public GlobalWindow deserialize(DataInputView source) throws IOException {
        int marker = source.readByte();
        if (marker != 0) {
            throw new IOException("GlobalWindow: read byte " + marker + " (expected: 0); the state was not written by GlobalWindowSerializer");
        }
        return GlobalWindow.get();
    }

    @Override
    public GlobalWindow deserialize(GlobalWindow reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 1);
    }

    @Override
    public TypeSerializerSnapshot<GlobalWindow> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link GlobalWindowSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<GlobalWindow> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
