package io.eddy.runtime.checkpoint;

/**
 * What a subtask reports with its acknowledgement, for the checkpoint statistics.
 *
 * @param alignmentNanos how long the subtask held channels back while aligning barriers
 * @param syncMillis the synchronous part of the snapshot (task thread)
 * @param asyncMillis the asynchronous part (writing state)
 * @param stateSize bytes of state written
 */
public record CheckpointMetrics(long alignmentNanos, long syncMillis, long asyncMillis, long stateSize) {}
