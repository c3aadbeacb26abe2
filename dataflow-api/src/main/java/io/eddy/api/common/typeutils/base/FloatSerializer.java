package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Float} values as 4 bytes, big-endian. Stateless; values are never null. */
public final class FloatSerializer extends TypeSerializerSingleton<Float> {

    private static final long serialVersionUID = 1L;

    public static final FloatSerializer INSTANCE = new FloatSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Float createInstance() {
        return 0f;
    }

    @Override
    public Float copy(Float from) {
        return from;
    }

    @Override
    public int getLength() {
        return 4;
    }

    @Override
    public void serialize(Float record, DataOutputView target) throws IOException {
        target.writeFloat(record);
    }

    @Override
    public Float deserialize(DataInputView source) throws IOException {
        return source.readFloat();
    }

    @Override
    public Float deserialize(Float reuse, DataInputView source) throws IOException {
        return source.readFloat();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 4);
    }

    @Override
    public TypeSerializerSnapshot<Float> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link FloatSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Float> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
