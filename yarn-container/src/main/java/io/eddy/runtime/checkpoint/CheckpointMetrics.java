package io.eddy.runtime.checkpoint;

/**
 * What a subtask reports with its acknowledgement, for the checkpoint statistics. Times are in
 * nanoseconds (from {@code System.nanoTime}): a task's synchronous part is often well below a
 * millisecond, and summed over many checkpoints such parts are what checkpointing costs the task
 * thread.
 *
 * @param alignmentNanos how long the subtask held channels back while aligning barriers: from the
 *     first barrier of the checkpoint to the last (0 without alignment: one input channel, a source,
 *     at-least-once mode)
 * @param syncNanos the synchronous part of the snapshot on the task thread, from the start of
 *     {@code prepareSnapshotPreBarrier} to the barrier sent on every output
 * @param asyncNanos the asynchronous part (writing state) on a snapshot thread
 * @param stateSize bytes of state written
 */
public record CheckpointMetrics(long alignmentNanos, long syncNanos, long asyncNanos, long stateSize) {}
