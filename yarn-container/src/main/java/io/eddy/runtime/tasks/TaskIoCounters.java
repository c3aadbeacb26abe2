package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.buffer.WaitTime;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A task's record counts (docs/monitoring.md, "Metrics"): the records its head read from its input
 * gates and the records it wrote to its output edges (a record sent to every consumer counts once).
 * Records passed between the operators of its chain are not counted. And its back pressure: the
 * time it waited for room in its outputs (network buffers, local object channels).
 *
 * <p>Threads: written by the task thread alone, with opaque stores (a plain store on the machines
 * Eddy runs on: no fence on the record path); read by any thread with opaque loads, which see a
 * value at most a moment old and never a torn one.
 */
public final class TaskIoCounters {

    private static final VarHandle RECORDS_IN;
    private static final VarHandle RECORDS_OUT;
    private static final VarHandle INPUT_WATERMARK;
    private static final VarHandle OUTPUT_WATERMARK;
    /** A watermark not seen yet. */
    public static final long NO_WATERMARK = Long.MIN_VALUE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            RECORDS_IN = lookup.findVarHandle(TaskIoCounters.class, "recordsIn", long.class);
            RECORDS_OUT = lookup.findVarHandle(TaskIoCounters.class, "recordsOut", long.class);
            INPUT_WATERMARK = lookup.findVarHandle(TaskIoCounters.class, "inputWatermark", long.class);
            OUTPUT_WATERMARK = lookup.findVarHandle(TaskIoCounters.class, "outputWatermark", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long recordsIn;
    private long recordsOut;
    private long inputWatermark = NO_WATERMARK;
    private long outputWatermark = NO_WATERMARK;
    /** Where the task's outputs count their waits; replaced, never changed, when one is added. */
    private volatile WaitTime[] waits = new WaitTime[0];

    /** Counts {@code wait} as the task's back pressure (task thread, while it sets up its outputs). */
    void watchWaits(WaitTime wait) {
        WaitTime[] more = Arrays.copyOf(waits, waits.length + 1);
        more[more.length - 1] = wait;
        waits = more;
    }

    /** The nanoseconds the task waited for room in its outputs so far; any thread. */
    public long backPressuredNanos() {
        long sum = 0;
        for (WaitTime wait : waits) {
            sum += wait.nanos();
        }
        return sum;
    }

    /** One record read (task thread only). */
    void recordIn() {
        RECORDS_IN.setOpaque(this, recordsIn + 1);
    }

    /** One record written (task thread only). */
    void recordOut() {
        RECORDS_OUT.setOpaque(this, recordsOut + 1);
    }

    /** The task's head advanced its event time to {@code timestamp} (the least of its inputs'); task thread only. */
    void inputWatermark(long timestamp) {
        INPUT_WATERMARK.setOpaque(this, timestamp);
    }

    /** The task sent the watermark {@code timestamp} downstream; task thread only. */
    void outputWatermark(long timestamp) {
        OUTPUT_WATERMARK.setOpaque(this, timestamp);
    }

    /** The latest event time the task's head reached, or {@link #NO_WATERMARK}; any thread. */
    public long inputWatermark() {
        return (long) INPUT_WATERMARK.getOpaque(this);
    }

    /** The latest watermark the task sent downstream, or {@link #NO_WATERMARK}; any thread. */
    public long outputWatermark() {
        return (long) OUTPUT_WATERMARK.getOpaque(this);
    }

    /** The records read so far; any thread. */
    public long recordsIn() {
        return (long) RECORDS_IN.getOpaque(this);
    }

    /** The records written so far; any thread. */
    public long recordsOut() {
        return (long) RECORDS_OUT.getOpaque(this);
    }
}
