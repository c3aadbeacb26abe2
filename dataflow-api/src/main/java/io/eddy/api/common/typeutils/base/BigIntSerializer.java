package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.VarInts;
import java.io.IOException;
import java.math.BigInteger;

/** Serializes {@code BigInteger} values: the two's-complement bytes with a variable-length byte count. Stateless; values are never null. */
public final class BigIntSerializer extends TypeSerializerSingleton<BigInteger> {

    private static final long serialVersionUID = 1L;

    public static final BigIntSerializer INSTANCE = new BigIntSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public BigInteger createInstance() {
        return BigInteger.ZERO;
    }

    @Override
    public BigInteger copy(BigInteger from) {
        return from;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(BigInteger record, DataOutputView target) throws IOException {
        byte[] bytes = record.toByteArray();
        VarInts.writeVarInt(bytes.length, target);
        target.write(bytes);
    }

    @Override
    public BigInteger deserialize(DataInputView source) throws IOException {
        byte[] bytes = new byte[VarInts.readVarInt(source)];
        source.readFully(bytes);
        return new BigInteger(bytes);
    }

    @Override
    public BigInteger deserialize(BigInteger reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int n = VarInts.copyVarInt(source, target);
        target.write(source, n);
    }

    @Override
    public TypeSerializerSnapshot<BigInteger> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link BigIntSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<BigInteger> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
