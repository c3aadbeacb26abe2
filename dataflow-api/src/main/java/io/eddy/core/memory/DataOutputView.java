package io.eddy.core.memory;

import java.io.DataOutput;
import java.io.IOException;

/**
 * A sink of bytes that serializers write records to. Implemented over growable byte arrays,
 * memory segments and network buffers.
 */
public interface DataOutputView extends DataOutput {

    /** Skips {@code numBytes} bytes, leaving whatever was there before. */
    void skipBytesToWrite(int numBytes) throws IOException;

    /** Copies exactly {@code numBytes} bytes from {@code source} to this view. */
    void write(DataInputView source, int numBytes) throws IOException;
}
