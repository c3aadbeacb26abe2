package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.math.BigDecimal;

/** Serializes {@code BigDecimal} values: the scale as an int, then the unscaled value as by BigIntSerializer. Stateless; values are never null. */
public final class BigDecSerializer extends TypeSerializerSingleton<BigDecimal> {

    private static final long serialVersionUID = 1L;

    public static final BigDecSerializer INSTANCE = new BigDecSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public BigDecimal createInstance() {
        return BigDecimal.ZERO;
    }

    @Override
    public BigDecimal copy(BigDecimal from) {
        return from;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(BigDecimal record, DataOutputView target) throws IOException {
        target.writeInt(record.scale());
        BigIntSerializer.INSTANCE.serialize(record.unscaledValue(), target);
    }

    @Override
    public BigDecimal deserialize(DataInputView source) throws IOException {
        int scale = source.readInt();
        return new BigDecimal(BigIntSerializer.INSTANCE.deserialize(source), scale);
    }

    @Override
    public BigDecimal deserialize(BigDecimal reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 4);
        BigIntSerializer.INSTANCE.copy(source, target);
    }

    @Override
    public TypeSerializerSnapshot<BigDecimal> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link BigDecSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<BigDecimal> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
