package io.eddy.runtime.streamrecord;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSchemaCompatibility;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/**
 * The configuration snapshot of a {@link StreamElementSerializer}: the nested value serializer's
 * snapshot, written with {@link TypeSerializerSnapshots}.
 */
public final class StreamElementSerializerSnapshot<T> implements TypeSerializerSnapshot<StreamElement> {

    private static final int VERSION = 1;

    private TypeSerializerSnapshot<T> valueSnapshot;

    /** For reading a snapshot back (see {@link TypeSerializerSnapshot}). */
    public StreamElementSerializerSnapshot() {}

    StreamElementSerializerSnapshot(TypeSerializerSnapshot<T> valueSnapshot) {
        this.valueSnapshot = valueSnapshot;
    }

    @Override
    public int getCurrentVersion() {
        return VERSION;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        TypeSerializerSnapshots.write(valueSnapshot, out);
    }

    @Override
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException {
        if (readVersion != VERSION) {
            throw new IOException("StreamElementSerializer snapshot version " + readVersion + " is not supported (expected " + VERSION + ")");
        }
        valueSnapshot = TypeSerializerSnapshots.read(in, userCodeClassLoader);
    }

    @Override
    public TypeSerializer<StreamElement> restoreSerializer() {
        return new StreamElementSerializer<>(valueSnapshot.restoreSerializer());
    }

    @Override
    @SuppressWarnings("unchecked")
    public TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<StreamElement> newSerializer) {
        if (!(newSerializer instanceof StreamElementSerializer<?> streamSerializer)) {
            return TypeSerializerSchemaCompatibility.INCOMPATIBLE;
        }
        return valueSnapshot.resolveSchemaCompatibility((TypeSerializer<T>) streamSerializer.getValueSerializer());
    }
}
