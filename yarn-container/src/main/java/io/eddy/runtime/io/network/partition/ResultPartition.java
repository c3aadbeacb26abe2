package io.eddy.runtime.io.network.partition;

import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferBuilder;
import io.eddy.runtime.io.network.buffer.BufferRecycler;
import io.eddy.runtime.io.network.buffer.OpaqueCount;
import io.eddy.runtime.io.network.buffer.LocalBufferPool;
import io.eddy.runtime.io.network.event.EndOfPartitionEvent;
import io.eddy.runtime.io.network.event.EventSerializer;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One producer subtask's output on one edge: a subpartition per consumer subtask, and a bounded
 * buffer pool. Its {@link ResultPartitionType} decides the subpartitions: pipelined ones are read
 * while written, once, and release the partition when consumed; blocking ones copy each finished
 * buffer into memory or a spill file, become readable when the producer finished, can be read any
 * number of times, and live until {@link #release()} (end of the job).
 *
 * <p>Records arrive already serialized (length prefix included) and are copied into the buffer
 * currently being filled for their subpartition, spanning as many buffers as needed; a full buffer
 * is finished and handed to its subpartition.
 *
 * <p>Lifecycle: created and registered by {@code NetworkEnvironment}; written by one task thread;
 * {@link #finish()} at the end (an {@link EndOfPartitionEvent} on every subpartition); released once
 * every subpartition was consumed (pipelined only), or by {@link #release()} (cancellation, end of job).
 *
 * <p>Threads: the writing methods ({@code emit*}, {@code broadcastEvent}, {@code finish},
 * {@code closeWriting}) belong to the producing task thread, which owns {@link #current}. The
 * output flusher may call {@link #flush}/{@link #flushAll} concurrently: a flush only marks the
 * subpartition, it never touches the writer's buffer. {@link #fail} and {@link #release} may be
 * called from any thread.
 */
public final class ResultPartition {

    private final ResultPartitionId id;
    private final String owningTaskName;
    private final ResultPartitionType type;
    private final ResultSubpartition[] subpartitions;
    /** Null for a pipelined partition. */
    private final BlockingPartitionData blockingData;
    private final LocalBufferPool pool;
    /** Record bytes of the finished buffers; task thread only (read by the metrics reporter). */
    private final OpaqueCount bytesWritten = new OpaqueCount();
    private final Consumer<ResultPartition> onRelease;
    /** Owned by the producing task thread: the buffer being filled per subpartition, or null. */
    private final BufferBuilder[] current;
    private final AtomicInteger unconsumedSubpartitions;
    private final AtomicBoolean released = new AtomicBoolean();

    /** A pipelined partition. */
    public ResultPartition(ResultPartitionId id, String owningTaskName, int numberOfSubpartitions, LocalBufferPool pool,
            Consumer<ResultPartition> onRelease) {
        this(id, owningTaskName, numberOfSubpartitions, pool, onRelease, null);
    }

    /**
     * A blocking partition: the writer's buffers are copied out of {@code pool} into memory (up to
     * {@code settings.memoryBytes()}) and then into a spill file in {@code settings.spillDirectory()}.
     */
    public static ResultPartition blocking(ResultPartitionId id, String owningTaskName, int numberOfSubpartitions, LocalBufferPool pool,
            BlockingPartitionSettings settings, Consumer<ResultPartition> onRelease) {
        return new ResultPartition(id, owningTaskName, numberOfSubpartitions, pool, onRelease,
                new BlockingPartitionData(id, owningTaskName, numberOfSubpartitions, settings));
    }

    private ResultPartition(ResultPartitionId id, String owningTaskName, int numberOfSubpartitions, LocalBufferPool pool,
            Consumer<ResultPartition> onRelease, BlockingPartitionData blockingData) {
        if (numberOfSubpartitions <= 0) {
            throw new IllegalArgumentException("numberOfSubpartitions of " + id + ": " + numberOfSubpartitions + " (expected: > 0)");
        }
        this.id = id;
        this.owningTaskName = owningTaskName;
        this.pool = pool;
        this.onRelease = onRelease;
        this.blockingData = blockingData;
        this.type = blockingData == null ? ResultPartitionType.PIPELINED : ResultPartitionType.BLOCKING;
        this.subpartitions = new ResultSubpartition[numberOfSubpartitions];
        for (int i = 0; i < numberOfSubpartitions; i++) {
            subpartitions[i] = blockingData == null ? new PipelinedSubpartition(this, i) : new BlockingSubpartition(blockingData, i);
        }
        this.current = new BufferBuilder[numberOfSubpartitions];
        this.unconsumedSubpartitions = new AtomicInteger(numberOfSubpartitions);
    }

    public ResultPartitionId id() {
        return id;
    }

    public String owningTaskName() {
        return owningTaskName;
    }

    public ResultPartitionType type() {
        return type;
    }

    /** Bytes a blocking partition wrote to its spill file (0 for a pipelined one). */
    public long spilledBytes() {
        return blockingData == null ? 0 : blockingData.bytesSpilled();
    }

    /** Bytes a blocking partition keeps on the heap (0 for a pipelined one). */
    public long bytesInMemory() {
        return blockingData == null ? 0 : blockingData.bytesInMemory();
    }

    public int numberOfSubpartitions() {
        return subpartitions.length;
    }

    public boolean isReleased() {
        return released.get();
    }

    /** The partition's bounded pool (its usage and waits are the producing task's metrics). */
    public LocalBufferPool bufferPool() {
        return pool;
    }

    /**
     * The record bytes written to this partition (a broadcast record once per subpartition), counted
     * per buffer when the writer finishes it: while the task writes, the buffers it is filling are
     * not counted yet (at most one per subpartition); once it closed its writer, all are.
     */
    public OpaqueCount bytesWritten() {
        return bytesWritten;
    }

    /** Whether the writer could take a new buffer without blocking. */
    public boolean isAvailable() {
        return pool.isAvailable();
    }

    public CompletableFuture<?> getAvailableFuture() {
        return pool.getAvailableFuture();
    }

    /**
     * Copies one serialized record ({@code bytes[0, length)}, length prefix included) into
     * {@code subpartition}, blocking while no buffer is free (back pressure). Task thread only.
     */
    public void emitRecord(int subpartition, byte[] bytes, int length) throws IOException, InterruptedException {
        BufferBuilder builder = current[subpartition];
        int offset = 0;
        while (true) {
            if (builder == null) {
                builder = newBuilder(subpartition);
            }
            offset += builder.append(bytes, offset, length - offset);
            if (offset == length) {
                builder.commit();
                if (builder.isFull()) {
                    finishBuilder(subpartition);
                }
                return;
            }
            finishBuilder(subpartition);
            builder = null;
        }
    }

    /** Copies one serialized record into every subpartition. Task thread only. */
    public void broadcastRecord(byte[] bytes, int length) throws IOException, InterruptedException {
        for (int i = 0; i < subpartitions.length; i++) {
            emitRecord(i, bytes, length);
        }
    }

    /** Appends {@code event} to every subpartition, after everything written before. Task thread only. */
    public void broadcastEvent(RuntimeEvent event) throws IOException {
        Buffer serialized = EventSerializer.toBuffer(event);
        addEventToAll(serialized, event instanceof EndOfPartitionEvent);
    }

    private void addEventToAll(Buffer serialized, boolean endOfPartition) {
        for (int i = 0; i < subpartitions.length; i++) {
            if (current[i] != null) {
                finishBuilder(i);
            }
            BufferBuilder event = BufferBuilder.finishedEvent(serialized.segment(), serialized.length(), BufferRecycler.UNPOOLED);
            subpartitions[i].add(event.createConsumer(), endOfPartition);
        }
    }

    /** Makes partly filled buffers visible to the consumers. Any thread (the output flusher). */
    public void flushAll() {
        for (ResultSubpartition subpartition : subpartitions) {
            subpartition.flush();
        }
    }

    /** Makes the partly filled buffer of one subpartition visible. Any thread. */
    public void flush(int subpartition) {
        subpartitions[subpartition].flush();
    }

    /**
     * Ends the partition: finishes the buffers being filled and appends an
     * {@link EndOfPartitionEvent} to every subpartition. A blocking partition becomes readable now.
     * Task thread only.
     *
     * @throws java.io.UncheckedIOException if a blocking partition could not write its spill file
     */
    public void finish() {
        try {
            addEventToAll(EventSerializer.toBuffer(EndOfPartitionEvent.INSTANCE), true);
        } catch (IOException e) {
            throw new UncheckedIOException("Bug: the end-of-partition event cannot be serialized", e);
        }
    }

    /**
     * Finishes the buffers the writer was filling without ending the partition, so that their memory
     * can return once consumed or released. Called by the task thread when its writer closes.
     */
    public void closeWriting() {
        for (int i = 0; i < subpartitions.length; i++) {
            if (current[i] != null) {
                finishBuilder(i);
            }
        }
    }

    /** The producer failed: consumers (local and remote) see {@code cause} from their next read. Any thread. */
    public void fail(Throwable cause) {
        for (ResultSubpartition subpartition : subpartitions) {
            subpartition.fail(cause);
        }
    }

    /** Frees the queued buffers and unregisters the partition; idempotent. Any thread. */
    public void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        for (ResultSubpartition subpartition : subpartitions) {
            subpartition.release();
        }
        pool.destroy();
        onRelease.accept(this);
    }

    /**
     * Creates a reader's view of one subpartition: once per subpartition for a pipelined partition,
     * any number of times for a blocking one (each view reads it all).
     */
    public SubpartitionView createSubpartitionView(int subpartition, BufferAvailabilityListener listener) throws IOException {
        if (subpartition < 0 || subpartition >= subpartitions.length) {
            throw new IOException("subpartition " + subpartition + " of " + id + " does not exist (expected: 0.."
                    + (subpartitions.length - 1) + "): producer and consumer disagree on the consumer parallelism");
        }
        return subpartitions[subpartition].createView(listener);
    }

    /**
     * Takes subpartition {@code index} out of use: its consumer reads an {@link ObjectSubpartition}
     * instead, so nothing is read here and whatever is added (events, the end of the partition) is
     * dropped. It counts as consumed. Task thread, before the first record.
     */
    public void releaseSubpartition(int index) {
        subpartitions[index].release();
        onSubpartitionConsumed(index);
    }

    void onSubpartitionConsumed(int subpartition) {
        if (unconsumedSubpartitions.decrementAndGet() == 0) {
            release();
        }
    }

    private BufferBuilder newBuilder(int subpartition) throws IOException, InterruptedException {
        BufferBuilder builder = BufferBuilder.forSegment(pool.requestSegmentBlocking(), pool);
        current[subpartition] = builder;
        subpartitions[subpartition].add(builder.createConsumer(), false);
        return builder;
    }

    private void finishBuilder(int subpartition) {
        bytesWritten.add(current[subpartition].writtenBytes());
        current[subpartition].finish();
        current[subpartition] = null;
        subpartitions[subpartition].notifyBufferFinished();
    }

    @Override
    public String toString() {
        return id + " of task " + owningTaskName;
    }
}
