package io.eddy.runtime.io.network.event;

import java.util.Objects;

/**
 * How one checkpoint is taken, carried by its barriers.
 *
 * @param type checkpoint or savepoint
 * @param targetLocation where state files go: the checkpoint's directory URI (for a savepoint, the
 *     user's directory); null for the memory storage, where state travels inside the handles
 */
public record CheckpointOptions(CheckpointType type, String targetLocation) {

    public CheckpointOptions {
        Objects.requireNonNull(type, "type");
    }
}
