package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Double} values as 8 bytes, big-endian. Stateless; values are never null. */
public final class DoubleSerializer extends TypeSerializerSingleton<Double> {

    private static final long serialVersionUID = 1L;

    public static final DoubleSerializer INSTANCE = new DoubleSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Double createInstance() {
        return 0d;
    }

    @Override
    public Double copy(Double from) {
        return from;
    }

    @Override
    public int getLength() {
        return 8;
    }

    @Override
    public void serialize(Double record, DataOutputView target) throws IOException {
        target.writeDouble(record);
    }

    @Override
    public Double deserialize(DataInputView source) throws IOException {
        return source.readDouble();
    }

    @Override
    public Double deserialize(Double reuse, DataInputView source) throws IOException {
        return source.readDouble();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 8);
    }

    @Override
    public TypeSerializerSnapshot<Double> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link DoubleSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Double> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
