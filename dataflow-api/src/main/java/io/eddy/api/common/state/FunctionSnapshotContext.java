package io.eddy.api.common.state;

/** What a {@link CheckpointedFunction} is told when a checkpoint is taken. */
public interface FunctionSnapshotContext {

    long getCheckpointId();

    /** When the checkpoint was triggered, in milliseconds since the epoch (the master's clock). */
    long getCheckpointTimestamp();
}
