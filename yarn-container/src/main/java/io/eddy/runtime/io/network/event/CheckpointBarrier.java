package io.eddy.runtime.io.network.event;

import io.eddy.runtime.io.network.event.RuntimeEvent;
import java.util.Objects;

/**
 * The in-band marker of checkpoint {@code id}: injected by sources when the master triggers the
 * checkpoint, it separates the records before the checkpoint from those after it. A task with
 * several input channels snapshots its state once every channel has delivered the barrier (aligned,
 * exactly-once) or once the last one has (at-least-once), then forwards the barrier on every output.
 */
public record CheckpointBarrier(long id, long timestamp, CheckpointOptions options) implements RuntimeEvent {

    public CheckpointBarrier {
        if (id <= 0) {
            throw new IllegalArgumentException("checkpoint id: " + id + " (expected: 1 or more)");
        }
        Objects.requireNonNull(options, "options");
    }
}
