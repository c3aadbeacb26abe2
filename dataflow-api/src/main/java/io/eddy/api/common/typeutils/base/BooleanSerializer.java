package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Boolean} values as 1 bytes, big-endian. Stateless; values are never null. */
public final class BooleanSerializer extends TypeSerializerSingleton<Boolean> {

    private static final long serialVersionUID = 1L;

    public static final BooleanSerializer INSTANCE = new BooleanSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Boolean createInstance() {
        return Boolean.FALSE;
    }

    @Override
    public Boolean copy(Boolean from) {
        return from;
    }

    @Override
    public int getLength() {
        return 1;
    }

    @Override
    public void serialize(Boolean record, DataOutputView target) throws IOException {
        target.writeBoolean(record);
    }

    @Override
    public Boolean deserialize(DataInputView source) throws IOException {
        return source.readBoolean();
    }

    @Override
    public Boolean deserialize(Boolean reuse, DataInputView source) throws IOException {
        return source.readBoolean();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 1);
    }

    @Override
    public TypeSerializerSnapshot<Boolean> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link BooleanSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Boolean> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
