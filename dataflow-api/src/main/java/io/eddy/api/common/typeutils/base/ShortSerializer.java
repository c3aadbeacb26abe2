package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Short} values as 2 bytes, big-endian. Stateless; values are never null. */
public final class ShortSerializer extends TypeSerializerSingleton<Short> {

    private static final long serialVersionUID = 1L;

    public static final ShortSerializer INSTANCE = new ShortSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Short createInstance() {
        return (short) 0;
    }

    @Override
    public Short copy(Short from) {
        return from;
    }

    @Override
    public int getLength() {
        return 2;
    }

    @Override
    public void serialize(Short record, DataOutputView target) throws IOException {
        target.writeShort(record);
    }

    @Override
    public Short deserialize(DataInputView source) throws IOException {
        return source.readShort();
    }

    @Override
    public Short deserialize(Short reuse, DataInputView source) throws IOException {
        return source.readShort();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 2);
    }

    @Override
    public TypeSerializerSnapshot<Short> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link ShortSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Short> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
