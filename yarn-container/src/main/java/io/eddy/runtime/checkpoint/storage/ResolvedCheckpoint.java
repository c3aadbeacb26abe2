package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.CheckpointMetadata;
import java.util.Objects;

/**
 * A completed checkpoint or savepoint whose metadata has been read and verified.
 *
 * @param pointer where it is: its directory URI, or {@code memory://<job>/chk-<n>} for a
 *     checkpoint the memory storage holds
 * @param metadata its metadata
 */
public record ResolvedCheckpoint(String pointer, CheckpointMetadata metadata) {

    public ResolvedCheckpoint {
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(metadata, "metadata");
    }

    public long checkpointId() {
        return metadata.checkpointId();
    }
}
