package io.eddy.runtime.io.network.event;

/** What a checkpoint is for: recovery (owned and retained by the system) or a savepoint (owned by the user). */
public enum CheckpointType {
    CHECKPOINT,
    SAVEPOINT,
    /** A savepoint after which the job's tasks are cancelled ({@code cancel --with-savepoint}). */
    SAVEPOINT_THEN_CANCEL;

    public boolean isSavepoint() {
        return this != CHECKPOINT;
    }
}
