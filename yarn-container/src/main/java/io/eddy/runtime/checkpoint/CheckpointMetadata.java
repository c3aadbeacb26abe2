package io.eddy.runtime.checkpoint;

import io.eddy.runtime.io.network.event.CheckpointType;
import java.util.Map;
import java.util.Objects;

/**
 * What the master writes last into a checkpoint's directory ({@code _metadata}): a checkpoint with
 * readable metadata is complete; without, it is absent. Written and read by {@code
 * CheckpointMetadataCodec} (versioned, checksummed).
 *
 * @param checkpointId the checkpoint's id
 * @param timestamp when it was triggered (ms since the epoch)
 * @param type checkpoint or savepoint
 * @param operators per operator uid, its state
 */
public record CheckpointMetadata(long checkpointId, long timestamp, CheckpointType type, Map<String, OperatorState> operators) {

    public CheckpointMetadata {
        Objects.requireNonNull(type, "type");
        operators = Map.copyOf(operators);
    }

    /**
     * The state of one operator in all its subtasks.
     *
     * @param uid the operator's uid
     * @param name its name when the checkpoint was taken (for error messages)
     * @param parallelism its parallelism then
     * @param maxParallelism its number of key groups
     * @param subtaskStates per subtask index, its state (subtasks without state absent)
     */
    public record OperatorState(String uid, String name, int parallelism, int maxParallelism, Map<Integer, OperatorSubtaskState> subtaskStates) {
        public OperatorState {
            Objects.requireNonNull(uid, "uid");
            Objects.requireNonNull(name, "name");
            subtaskStates = Map.copyOf(subtaskStates);
        }
    }
}
