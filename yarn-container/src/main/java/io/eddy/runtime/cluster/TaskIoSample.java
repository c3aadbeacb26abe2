package io.eddy.runtime.cluster;

import io.eddy.runtime.tasks.TaskId;
import java.util.Objects;

/**
 * One task attempt's record counts at one moment, as its worker's reporter read them
 * (docs/monitoring.md, "Metrics"): counts since the attempt started, never decreasing.
 *
 * @param task the task attempt
 * @param recordsIn the records its head read from its input gates
 * @param recordsOut the records it wrote to its output edges
 * @param backPressuredNanos the time it waited for room in its outputs (back pressure)
 * @param inputWatermark the event time its head reached, or {@code Long.MIN_VALUE} before any
 * @param outputWatermark the latest watermark it sent downstream, or {@code Long.MIN_VALUE} before any
 */
public record TaskIoSample(TaskId task, long recordsIn, long recordsOut, long backPressuredNanos, long inputWatermark,
        long outputWatermark) {

    /** A sample of {@code counters} now. */
    public static TaskIoSample of(TaskId task, io.eddy.runtime.tasks.TaskIoCounters counters) {
        return new TaskIoSample(task, counters.recordsIn(), counters.recordsOut(), counters.backPressuredNanos(), counters.inputWatermark(),
                counters.outputWatermark());
    }


    public TaskIoSample {
        Objects.requireNonNull(task, "task");
        if (recordsIn < 0 || recordsOut < 0 || backPressuredNanos < 0) {
            throw new IllegalArgumentException("Task " + task + ": " + recordsIn + " records in, " + recordsOut + " out, "
                    + backPressuredNanos + " ns back-pressured");
        }
    }
}
