package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/**
 * The configuration of a serializer in a versioned binary form, stored beside serialized data
 * (checkpoints, savepoints) so that the data can be read back by a later version of the program.
 *
 * <p>A snapshot class has a public no-argument constructor; to read a snapshot, the reader
 * instantiates the class by name and calls {@link #readSnapshot}. Use {@link
 * TypeSerializerSnapshots#write} and {@link TypeSerializerSnapshots#read} rather than calling
 * these methods directly.
 */
public interface TypeSerializerSnapshot<T> {

    /** The version of the format {@link #writeSnapshot} writes. */
    int getCurrentVersion();

    void writeSnapshot(DataOutputView out) throws IOException;

    void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException;

    /** A serializer able to read data written by the serializer this snapshot was taken from. */
    TypeSerializer<T> restoreSerializer();

    /** Whether {@code newSerializer} can read data written by the serializer this snapshot describes. */
    TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<T> newSerializer);
}
