package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.CheckpointMetadata;
import java.io.IOException;

/**
 * The master's handle on where one checkpoint or savepoint goes ({@link
 * CheckpointStorage#initializeLocation}). Used by the coordinator on the master's main thread: the
 * tasks write state under {@link #targetLocation()}, then the master writes the metadata last
 * ({@link #writeMetadata}), which makes the checkpoint complete, or deletes everything ({@link
 * #disposeOnFailure}) when it is aborted.
 */
public interface CheckpointStorageLocation {

    long checkpointId();

    /** Where the checkpoint will be once complete: its directory URI, or {@code memory://<job>/chk-<n>}. */
    String pointer();

    /**
     * What the checkpoint's barriers carry as {@code CheckpointOptions.targetLocation}: the
     * directory tasks write state files to, or null when tasks keep all state inline (memory storage).
     */
    String targetLocation();

    /**
     * Writes the metadata (for file locations: to a temporary file renamed to {@code _metadata}, so
     * readers never see a partial file) and so completes the checkpoint.
     *
     * @return {@link #pointer()}
     */
    String writeMetadata(CheckpointMetadata metadata) throws IOException;

    /** Deletes what was written for the checkpoint (its directory, recursively); idempotent. */
    void disposeOnFailure() throws IOException;
}
