package io.eddy.runtime.checkpoint.storage;

import java.io.IOException;

/**
 * Where a task writes the state of one checkpoint: each call gives a new stream whose handle is
 * returned by {@link CheckpointStateOutputStream#closeAndGetHandle()}. Used from the task thread and
 * from the asynchronous snapshot threads.
 */
public interface CheckpointStreamFactory {

    /** A new stream for state; {@code nameHint} (e.g. the operator uid) may become part of the file name. */
    CheckpointStateOutputStream createOutputStream(String nameHint) throws IOException;
}
