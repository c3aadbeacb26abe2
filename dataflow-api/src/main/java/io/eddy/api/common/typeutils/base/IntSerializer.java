package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.IntFormat;
import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Integer} values as 4 bytes, big-endian. Stateless; values are never null. */
public final class IntSerializer extends TypeSerializerSingleton<Integer> implements IntFormat {

    private static final long serialVersionUID = 1L;

    public static final IntSerializer INSTANCE = new IntSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Integer createInstance() {
        return 0;
    }

    @Override
    public Integer copy(Integer from) {
        return from;
    }

    @Override
    public int getLength() {
        return 4;
    }

    @Override
    public void serialize(Integer record, DataOutputView target) throws IOException {
        target.writeInt(record);
    }

    @Override
    public Integer deserialize(DataInputView source) throws IOException {
        return source.readInt();
    }

    @Override
    public Integer deserialize(Integer reuse, DataInputView source) throws IOException {
        return source.readInt();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 4);
    }

    @Override
    public TypeSerializerSnapshot<Integer> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link IntSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Integer> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
