package io.eddy.runtime.cluster;

import io.eddy.runtime.io.network.buffer.BufferUsage;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.tasks.TaskIoCounters;
import java.util.Objects;

/**
 * One task attempt's record counts at one moment, as its worker's reporter read them
 * (docs/monitoring.md, "Metrics"): counts since the attempt started, never decreasing.
 *
 * @param task the task attempt
 * @param recordsIn the records its head read from its input gates
 * @param recordsOut the records it wrote to its output edges
 * @param bytesIn the record bytes it read from network buffers
 * @param bytesOut the record bytes it wrote to network buffers
 * @param backPressuredNanos the time it waited for room in its outputs (back pressure)
 * @param inputWatermark the event time its head reached, or {@code Long.MIN_VALUE} before any
 * @param outputWatermark the latest watermark it sent downstream, or {@code Long.MIN_VALUE} before any
 * @param inputBuffers the network buffers holding data it has not read yet, of the most its inputs may hold
 * @param outputBuffers the network buffers its outputs hold, of the most they may
 * @param spilledBytes the bytes it wrote to spill files (sorts, hash tables, blocking results)
 * @param operatorRecordsIn per operator of its chain, the records it was handed (the head's are
 *     {@code recordsIn}); empty before the chain was built
 */
public record TaskIoSample(TaskId task, long recordsIn, long recordsOut, long bytesIn, long bytesOut, long backPressuredNanos,
        long inputWatermark, long outputWatermark, BufferUsage inputBuffers, BufferUsage outputBuffers, long spilledBytes,
        long[] operatorRecordsIn) {

    /** A sample of {@code counters} now. */
    public static TaskIoSample of(TaskId task, TaskIoCounters counters) {
        return new TaskIoSample(task, counters.recordsIn(), counters.recordsOut(), counters.bytesIn(), counters.bytesOut(),
                counters.backPressuredNanos(), counters.inputWatermark(), counters.outputWatermark(), counters.inputBuffers(),
                counters.outputBuffers(), counters.spilledBytes(), counters.operatorRecordsIn());
    }

    public TaskIoSample {
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(inputBuffers, "inputBuffers");
        Objects.requireNonNull(outputBuffers, "outputBuffers");
        Objects.requireNonNull(operatorRecordsIn, "operatorRecordsIn");
        if (recordsIn < 0 || recordsOut < 0 || bytesIn < 0 || bytesOut < 0 || backPressuredNanos < 0 || spilledBytes < 0) {
            throw new IllegalArgumentException("Task " + task + ": " + recordsIn + " records in, " + recordsOut + " out, " + bytesIn
                    + " bytes in, " + bytesOut + " out, " + backPressuredNanos + " ns back-pressured, " + spilledBytes + " bytes spilled");
        }
    }
}
