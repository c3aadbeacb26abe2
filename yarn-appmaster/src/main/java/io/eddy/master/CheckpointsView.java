package io.eddy.master;

import io.eddy.master.checkpoint.CheckpointRecord;
import java.util.List;

/**
 * A job's checkpoints as the dashboard shows them (docs/dashboard.md).
 *
 * @param periodic whether the job takes periodic checkpoints
 * @param completed checkpoints completed (savepoints not counted)
 * @param failed checkpoints failed
 * @param history the latest that ended, newest first
 * @param latestRestore the latest state the job's tasks were deployed to restore, or null
 */
public record CheckpointsView(boolean periodic, int completed, long failed, List<CheckpointRecord> history, Restore latestRestore) {

    public CheckpointsView {
        history = List.copyOf(history);
    }

    /** The newest checkpoint (not savepoint) that completed, among {@link #history}; null if none. */
    public CheckpointRecord latestCompleted() {
        for (CheckpointRecord record : history) {
            if (record.outcome().equals("COMPLETED") && record.type().equals("CHECKPOINT")) {
                return record;
            }
        }
        return null;
    }

    /**
     * A restore: the checkpoint (or savepoint) the job's tasks were deployed to restore.
     *
     * @param checkpointId the checkpoint's id
     * @param timeMillis when the restore was decided
     * @param atStart whether it was the savepoint the job started from (else a restart after a failure)
     */
    public record Restore(long checkpointId, long timeMillis, boolean atStart) {}
}
