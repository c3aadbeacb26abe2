package io.eddy.core.memory;

import java.io.DataInput;
import java.io.IOException;

/**
 * A source of bytes that serializers read records from. Implemented over byte arrays, memory
 * segments and network buffers; a record may span several underlying buffers, which the view
 * hides from the serializer.
 */
public interface DataInputView extends DataInput {

    /** Skips exactly {@code numBytes} bytes, failing with {@link java.io.EOFException} if fewer remain. */
    void skipBytesToRead(int numBytes) throws IOException;

    /**
     * Reads up to {@code len} bytes into {@code b} at {@code off}.
     *
     * @return the number of bytes read, or -1 at the end of the input
     */
    int read(byte[] b, int off, int len) throws IOException;

    default int read(byte[] b) throws IOException {
        return read(b, 0, b.length);
    }
}
