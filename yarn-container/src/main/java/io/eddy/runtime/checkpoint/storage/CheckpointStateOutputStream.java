package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.StreamStateHandle;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream of checkpointed state. {@link #closeAndGetHandle()} finishes it and returns the handle
 * (a file with its length and CRC-32C, or inline bytes when small); {@link #close()} without it
 * abandons the state and deletes what was written.
 */
public abstract class CheckpointStateOutputStream extends OutputStream {

    /** The number of bytes written so far: the offset the next byte will have. */
    public abstract long getPos() throws IOException;

    /** Finishes the state; the stream is closed afterwards. */
    public abstract StreamStateHandle closeAndGetHandle() throws IOException;

    /** Abandons the state (deletes a partly written file). */
    @Override
    public abstract void close() throws IOException;
}
