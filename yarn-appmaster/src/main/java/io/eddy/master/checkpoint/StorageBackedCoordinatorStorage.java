package io.eddy.master.checkpoint;

import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.CheckpointStorageLocation;
import java.io.IOException;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's storage over a job's {@link CheckpointStorage} (file system or memory). Use one
 * instance for the job's whole life: the memory storage keeps completed checkpoints in itself.
 */
public final class StorageBackedCoordinatorStorage implements CoordinatorStorage {

    private static final Logger LOG = LoggerFactory.getLogger(StorageBackedCoordinatorStorage.class);

    private final CheckpointStorage storage;

    public StorageBackedCoordinatorStorage(CheckpointStorage storage) {
        this.storage = Objects.requireNonNull(storage, "storage");
    }

    @Override
    public PendingLocation initializeLocation(long checkpointId, CheckpointType type, String targetDirectoryOrNull) throws IOException {
        CheckpointStorageLocation location = storage.initializeLocation(checkpointId,
                new CheckpointOptions(type, type.isSavepoint() ? targetDirectoryOrNull : null));
        return new PendingLocation() {
            @Override
            public String targetLocation() {
                return location.targetLocation();
            }

            @Override
            public String complete(CheckpointMetadata metadata) throws IOException {
                return location.writeMetadata(metadata);
            }

            @Override
            public void dispose() {
                try {
                    location.disposeOnFailure();
                } catch (IOException | RuntimeException e) {
                    LOG.warn("Checkpoint {}: its location {} could not be deleted", checkpointId, location.pointer(), e);
                }
            }
        };
    }

    @Override
    public CheckpointMetadata load(String pointer) throws IOException {
        return storage.resolveCheckpoint(pointer).metadata();
    }

    @Override
    public void discardSubsumed(int retained) {
        try {
            storage.discardSubsumed(retained);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Checkpoints beyond the newest {} could not all be deleted", retained, e);
        }
    }
}
