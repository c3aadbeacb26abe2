package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SimpleTypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSingleton;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/** Serializes {@code Character} values as 2 bytes, big-endian. Stateless; values are never null. */
public final class CharSerializer extends TypeSerializerSingleton<Character> {

    private static final long serialVersionUID = 1L;

    public static final CharSerializer INSTANCE = new CharSerializer();

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public Character createInstance() {
        return (char) 0;
    }

    @Override
    public Character copy(Character from) {
        return from;
    }

    @Override
    public int getLength() {
        return 2;
    }

    @Override
    public void serialize(Character record, DataOutputView target) throws IOException {
        target.writeChar(record);
    }

    @Override
    public Character deserialize(DataInputView source) throws IOException {
        return source.readChar();
    }

    @Override
    public Character deserialize(Character reuse, DataInputView source) throws IOException {
        return source.readChar();
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 2);
    }

    @Override
    public TypeSerializerSnapshot<Character> snapshotConfiguration() {
        return new Snapshot();
    }

    private Object readResolve() {
        return INSTANCE;
    }

    /** The configuration-free snapshot of {@link CharSerializer}. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Character> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
