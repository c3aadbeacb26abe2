package io.eddy.runtime.tasks;

import io.eddy.runtime.io.disk.SpillAccount;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.io.network.buffer.BufferUsage;
import io.eddy.runtime.io.network.buffer.OpaqueCount;
import io.eddy.runtime.io.network.buffer.LocalBufferPool;
import io.eddy.runtime.io.network.buffer.WaitTime;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.consumer.InputGate;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * A task's record counts (docs/monitoring.md, "Metrics"): the records its head read from its input
 * gates and the records it wrote to its output edges (a record sent to every consumer counts once),
 * and per operator of its chain the records the operator before it handed it. Its back pressure: the
 * time it waited for room in its outputs (network buffers, local object channels). The bytes of
 * the records it wrote to and read from network buffers (a record handed over as an object, to a
 * consumer in the same worker, has none), how full its output and input buffers are, and the bytes
 * it spilled.
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
    /*
     * Where the task's outputs and inputs count: each array is replaced, never changed, when one
     * is added (task thread, while it sets up its outputs and inputs).
     */
    private volatile WaitTime[] waits = new WaitTime[0];
    private volatile OpaqueCount[] written = new OpaqueCount[0];
    private volatile OpaqueCount[] read = new OpaqueCount[0];
    private volatile LocalBufferPool[] outputPools = new LocalBufferPool[0];
    private volatile InputGate[] inputGates = new InputGate[0];
    private volatile ResultPartition[] partitions = new ResultPartition[0];
    /** Per operator of the chain, the counts of the chained outputs that hand it records; set up once, before the task runs. */
    private volatile OpaqueCount[][] operatorInputs = new OpaqueCount[0][];
    /** The bytes the task's spill files had written ({@link SpillAccount}, bound to the task thread). */
    private final LongAdder spilled = new LongAdder();

    /** Counts {@code wait} as the task's back pressure. */
    void watchWaits(WaitTime wait) {
        waits = append(waits, wait);
    }

    /** Counts the bytes written to {@code partition} and its buffers in use as the task's output. */
    void watchOutput(ResultPartition partition) {
        written = append(written, partition.bytesWritten());
        partitions = append(partitions, partition);
        outputPools = append(outputPools, partition.bufferPool());
        watchWaits(partition.bufferPool().waited());
    }

    /** Counts the bytes {@code input} reads and its gate's buffers in use as the task's input. */
    void watchInput(RecordInput<?> input) {
        read = append(read, input.bytesRead());
        inputGates = append(inputGates, input.gate());
    }

    private static <T> T[] append(T[] array, T element) {
        T[] more = Arrays.copyOf(array, array.length + 1);
        more[array.length] = element;
        return more;
    }

    /** The task's chain has {@code length} operators (the task thread, as it starts building it). */
    void chainOf(int length) {
        operatorInputs = new OpaqueCount[length][0];
    }

    /** A new count of the records handed to operator {@code index} of the chain by one chained output (the task thread, building its chain). */
    OpaqueCount operatorInput(int index) {
        OpaqueCount[][] inputs = operatorInputs.clone();
        OpaqueCount count = new OpaqueCount();
        inputs[index] = append(inputs[index], count);
        operatorInputs = inputs;
        return count;
    }

    /**
     * Per operator of the task's chain, the records it was handed: the head's are {@link
     * #recordsIn()}, a chained operator's what the operators before it passed it. Empty before the
     * chain is built; any thread.
     */
    public long[] operatorRecordsIn() {
        OpaqueCount[][] inputs = operatorInputs;
        long[] counts = new long[inputs.length];
        for (int i = 0; i < inputs.length; i++) {
            counts[i] = sum(inputs[i]);
        }
        if (counts.length > 0) {
            counts[0] = recordsIn();
        }
        return counts;
    }

    /** Where the task's spill files count their bytes: bind it to the task thread ({@link SpillAccount#bind}). */
    LongAdder spillAccount() {
        return spilled;
    }

    /** The bytes the task wrote to spill files (sorts, hash tables, its blocking results) so far; any thread. */
    public long spilledBytes() {
        long sum = spilled.sum();
        for (ResultPartition partition : partitions) {
            sum += partition.spilledBytes();
        }
        return sum;
    }

    /** The record bytes written to network buffers so far; any thread. */
    public long bytesOut() {
        return sum(written);
    }

    /** The record bytes read from network buffers so far; any thread. */
    public long bytesIn() {
        return sum(read);
    }

    private static long sum(OpaqueCount[] counts) {
        long sum = 0;
        for (OpaqueCount count : counts) {
            sum += count.value();
        }
        return sum;
    }

    /** The network buffers the task's outputs hold now, of the most they may; any thread. */
    public BufferUsage outputBuffers() {
        BufferUsage usage = BufferUsage.NONE;
        for (LocalBufferPool pool : outputPools) {
            usage = usage.plus(new BufferUsage(pool.segmentsInUse(), pool.maxSegments()));
        }
        return usage;
    }

    /** The network buffers holding data the task has not read yet, of the most its inputs may hold; any thread. */
    public BufferUsage inputBuffers() {
        BufferUsage usage = BufferUsage.NONE;
        for (InputGate gate : inputGates) {
            usage = usage.plus(gate.bufferUsage());
        }
        return usage;
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
