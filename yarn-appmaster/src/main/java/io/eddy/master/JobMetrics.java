package io.eddy.master;

import io.eddy.jobgraph.JobId;
import io.eddy.master.checkpoint.SubtaskCheckpoint;
import java.util.List;
import java.util.Objects;

/**
 * A job's latest task metrics as its workers reported them (docs/monitoring.md, "Metrics"): one
 * entry per subtask that reported, of its latest attempt.
 *
 * @param job the job id
 * @param name the job name
 * @param subtasks per subtask its latest sample, in vertex and subtask order
 * @param checkpoints the job's checkpoints: counts and the latest that ended
 * @param operatorNames per vertex (graph order) the names of the operators of its chain
 */
public record JobMetrics(JobId job, String name, List<Subtask> subtasks, CheckpointsView checkpoints, List<List<String>> operatorNames) {

    public JobMetrics {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(checkpoints, "checkpoints");
        subtasks = List.copyOf(subtasks);
        operatorNames = operatorNames.stream().map(List::copyOf).toList();
    }

    /**
     * One subtask's latest sample.
     *
     * @param vertex the vertex's index in the job graph
     * @param vertexName the vertex's name (its chain of operators)
     * @param subtask the subtask index
     * @param attempt the attempt the sample is of
     * @param worker the worker that ran the attempt
     * @param recordsIn records read from the input gates
     * @param recordsOut records written to the output edges
     * @param bytesIn record bytes read from network buffers
     * @param bytesOut record bytes written to network buffers
     * @param backPressuredNanos time spent waiting for room in the outputs
     * @param inputWatermark the event time the subtask's head reached, {@code Long.MIN_VALUE} before any
     * @param outputWatermark the latest watermark it sent downstream, {@code Long.MIN_VALUE} before any
     * @param inputPoolUsage the share of its inputs' network buffers holding data it has not read, 0 to 1
     * @param outputPoolUsage the share of its outputs' network buffers in use, 0 to 1
     * @param spilledBytes bytes written to spill files (sorts, hash tables, blocking results)
     * @param operatorRecordsIn per operator of the vertex's chain the records it was handed (the
     *     head's are {@code recordsIn}); empty before the subtask built its chain
     * @param checkpoint its latest acknowledged checkpoint or savepoint, or null if none
     */
    public record Subtask(int vertex, String vertexName, int subtask, int attempt, String worker, long recordsIn, long recordsOut,
            long bytesIn, long bytesOut, long backPressuredNanos, long inputWatermark, long outputWatermark, double inputPoolUsage,
            double outputPoolUsage, long spilledBytes, long[] operatorRecordsIn, SubtaskCheckpoint checkpoint) {

        /** Whether {@code watermark} is an event time a lag can be told from (neither none yet nor the end's). */
        public static boolean isEventTime(long watermark) {
            return watermark != Long.MIN_VALUE && watermark != Long.MAX_VALUE;
        }
    }
}
