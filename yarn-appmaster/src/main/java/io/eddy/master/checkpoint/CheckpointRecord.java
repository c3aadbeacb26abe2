package io.eddy.master.checkpoint;

/**
 * One checkpoint or savepoint of a job as the dashboard lists it (docs/dashboard.md):
 * how it ended, how long it took, how much state it holds and what it cost the tasks.
 *
 * @param checkpointId its id
 * @param type {@code CHECKPOINT}, {@code SAVEPOINT} or {@code SAVEPOINT_THEN_CANCEL}
 * @param outcome {@code COMPLETED}, {@code FAILED} (counted against the tolerated failures) or
 *     {@code ABORTED} (subsumed by a newer one, or ended by a restart or the job's end)
 * @param triggerTime when it was triggered, epoch milliseconds
 * @param endTime when it completed or was aborted
 * @param stateSize the state it holds in bytes (0 unless completed)
 * @param tasks the tasks that acknowledged it
 * @param alignmentMillis the tasks' alignments (first barrier to last), summed
 * @param syncMillis the tasks' synchronous parts, summed
 * @param asyncMillis the tasks' asynchronous parts, summed
 * @param pointerOrReason where a completed one's metadata is, or why it did not complete
 */
public record CheckpointRecord(long checkpointId, String type, String outcome, long triggerTime, long endTime, long stateSize, int tasks,
        long alignmentMillis, long syncMillis, long asyncMillis, String pointerOrReason) {}
