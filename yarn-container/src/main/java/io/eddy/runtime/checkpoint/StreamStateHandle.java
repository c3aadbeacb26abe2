package io.eddy.runtime.checkpoint;

import java.io.IOException;
import java.io.InputStream;

/**
 * A piece of checkpointed state as bytes: a file in checkpoint storage ({@code FileStateHandle}) or
 * bytes kept inline ({@code ByteStreamStateHandle}). Handles are values: they travel in
 * acknowledgements, deployments and checkpoint metadata (written by {@code StateHandleCodec}).
 */
public sealed interface StreamStateHandle permits FileStateHandle, ByteStreamStateHandle {

    /**
     * Opens the state for reading. A file handle verifies the file's length and checksum; a
     * mismatch is an {@link IOException} that names the file (the checkpoint is then treated as
     * corrupt).
     */
    InputStream openInputStream() throws IOException;

    /** The size of the state in bytes. */
    long stateSize();

    /** Deletes the state (the file); idempotent. */
    void discardState() throws IOException;
}
