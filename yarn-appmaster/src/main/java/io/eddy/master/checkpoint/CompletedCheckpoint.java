package io.eddy.master.checkpoint;

import io.eddy.runtime.io.network.event.CheckpointType;
import java.util.Objects;

/**
 * A completed checkpoint or savepoint as the coordinator keeps it.
 *
 * @param checkpointId its id
 * @param timestamp when it was triggered
 * @param completionTime when its metadata was written
 * @param type checkpoint or savepoint (savepoints are never deleted by the coordinator)
 * @param pointer where its metadata is ({@link CoordinatorStorage#load})
 */
public record CompletedCheckpoint(long checkpointId, long timestamp, long completionTime, CheckpointType type, String pointer) {

    public CompletedCheckpoint {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(pointer, "pointer");
    }

    public boolean isSavepoint() {
        return type.isSavepoint();
    }
}
