package io.eddy.runtime.checkpoint;

import java.util.Objects;

/**
 * What a deployed subtask restores: the state the master assigned to it from checkpoint (or
 * savepoint) {@code checkpointId}, already redistributed for the subtask's parallelism.
 */
public record TaskRestore(long checkpointId, TaskStateSnapshot state) {

    public TaskRestore {
        Objects.requireNonNull(state, "state");
    }
}
