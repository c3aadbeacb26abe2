package io.eddy.master.checkpoint;

import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.io.IOException;

/**
 * What the {@link CheckpointCoordinator} needs of checkpoint storage: a location per checkpoint,
 * the final {@code _metadata} write, reading metadata back on restore, and retention. Called on the
 * coordinator's owning thread. {@link StorageBackedCoordinatorStorage} adapts the job's {@code
 * CheckpointStorage} to it.
 */
public interface CoordinatorStorage {

    /**
     * Creates the location of checkpoint (or savepoint) {@code checkpointId}.
     *
     * @param targetDirectoryOrNull for a savepoint: the directory to create it under, or null for
     *     the configured savepoint directory; ignored for checkpoints
     * @throws IOException if the location cannot be created
     * @throws IllegalArgumentException if a savepoint has no target directory (the message names the option)
     */
    PendingLocation initializeLocation(long checkpointId, CheckpointType type, String targetDirectoryOrNull) throws IOException;

    /**
     * Reads and verifies the metadata that {@code pointer} (a value of {@link PendingLocation#complete})
     * names.
     *
     * @throws IOException naming the path if it is missing, unreadable or corrupt
     */
    CheckpointMetadata load(String pointer) throws IOException;

    /**
     * Retention: deletes all completed checkpoints of the job but the newest {@code retained}
     * (savepoints are never deleted); failures are logged, not thrown.
     */
    void discardSubsumed(int retained);

    /** The location of one pending checkpoint. */
    interface PendingLocation {

        /** Where tasks write state files ({@code CheckpointOptions.targetLocation}); null for in-memory storage. */
        String targetLocation();

        /** Writes {@code _metadata} last (atomically); the result is the completed checkpoint's pointer. */
        String complete(CheckpointMetadata metadata) throws IOException;

        /** Deletes what was written for an aborted checkpoint; failures are logged, not thrown. */
        void dispose();
    }
}
