package io.eddy.master;

import io.eddy.jobgraph.JobId;
import java.util.List;
import java.util.Objects;

/**
 * A job's latest task metrics as its workers reported them (docs/monitoring.md, "Metrics"): one
 * entry per subtask that reported, of its latest attempt.
 *
 * @param job the job id
 * @param name the job name
 * @param subtasks per subtask its latest sample, in vertex and subtask order
 */
public record JobMetrics(JobId job, String name, List<Subtask> subtasks) {

    public JobMetrics {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(name, "name");
        subtasks = List.copyOf(subtasks);
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
     * @param backPressuredNanos time spent waiting for room in the outputs
     * @param inputWatermark the event time the subtask's head reached, {@code Long.MIN_VALUE} before any
     * @param outputWatermark the latest watermark it sent downstream, {@code Long.MIN_VALUE} before any
     */
    public record Subtask(int vertex, String vertexName, int subtask, int attempt, String worker, long recordsIn, long recordsOut,
            long backPressuredNanos, long inputWatermark, long outputWatermark) {

        /** Whether {@code watermark} is an event time a lag can be told from (neither none yet nor the end's). */
        public static boolean isEventTime(long watermark) {
            return watermark != Long.MIN_VALUE && watermark != Long.MAX_VALUE;
        }
    }
}
