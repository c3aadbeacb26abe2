package io.eddy.api.common.state;

/**
 * Told about the fate of checkpoints, on the task thread (never concurrently with record
 * processing). A user function, source or sink that implements it is notified by the runtime.
 *
 * <p>Notifications are best effort: a notification may be skipped when a later checkpoint completes
 * first, so a listener must treat "checkpoint n completed" as "every checkpoint up to n completed"
 * (an exactly-once sink commits everything pending up to n). Once completed, a checkpoint may be the
 * one the job restores from.
 */
public interface CheckpointListener {

    /** Checkpoint {@code checkpointId} completed: its metadata is written, it may be restored from. */
    void notifyCheckpointComplete(long checkpointId) throws Exception;

    /** Checkpoint {@code checkpointId} was aborted (declined, timed out or subsumed); default: nothing. */
    default void notifyCheckpointAborted(long checkpointId) throws Exception {}
}
