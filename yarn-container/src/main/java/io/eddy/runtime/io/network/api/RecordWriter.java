package io.eddy.runtime.io.network.api;

import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.serialization.RecordFraming;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Writes the records of one produced edge of a task: serializes each record once (length prefix +
 * bytes) into a reusable array, picks its subpartition with the {@link ChannelSelector} and copies
 * it into the partition's buffers, where it may span several buffers. {@link #emit} blocks while the
 * partition's bounded pool has no free buffer: that is back pressure.
 *
 * <p>Buffer timeout: {@code -1} sends only full buffers (and what {@link #flushAll()} or the end
 * of the partition pushes out); {@code 0} flushes after every record; {@code > 0} starts an
 * <em>output flusher</em> daemon thread that flushes every that many milliseconds.
 *
 * <p>Threads: everything but {@link #flushAll()} belongs to the task thread. The flush handover is
 * safe without a lock on the record path: a flush only marks the subpartition, and the consumer
 * then slices off what the writer has committed (a volatile position published after each record);
 * the writer never gives up its partly filled buffer.
 */
public final class RecordWriter<T> {

    private final ResultPartition partition;
    private final ChannelSelector<T> selector;
    private final TypeSerializer<T> serializer;
    private final boolean flushEveryRecord;
    private final DataOutputSerializer serializationBuffer = new DataOutputSerializer(256);
    private final ScheduledExecutorService outputFlusher;

    public RecordWriter(ResultPartition partition, ChannelSelector<T> selector, TypeSerializer<T> serializer, long bufferTimeoutMillis) {
        if (bufferTimeoutMillis < -1) {
            throw new IllegalArgumentException("bufferTimeoutMillis: " + bufferTimeoutMillis
                    + " (expected: -1 = only full buffers, 0 = flush every record, > 0 = flush interval)");
        }
        this.partition = partition;
        this.selector = selector;
        this.serializer = serializer.duplicate();
        this.flushEveryRecord = bufferTimeoutMillis == 0;
        selector.setup(partition.numberOfSubpartitions());
        if (bufferTimeoutMillis > 0) {
            this.outputFlusher = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "OutputFlusher for " + partition.owningTaskName() + " " + partition.id());
                thread.setDaemon(true);
                return thread;
            });
            outputFlusher.scheduleWithFixedDelay(partition::flushAll, bufferTimeoutMillis, bufferTimeoutMillis, TimeUnit.MILLISECONDS);
        } else {
            this.outputFlusher = null;
        }
    }

    /** Sends {@code record} to the subpartition its selector picks (to all for a broadcast selector). */
    public void emit(T record) throws IOException, InterruptedException {
        if (selector.isBroadcast()) {
            broadcastEmit(record);
            return;
        }
        int channel = selector.selectChannel(record);
        int length = serialize(record);
        partition.emitRecord(channel, serializationBuffer.getSharedBuffer(), length);
        if (flushEveryRecord) {
            partition.flush(channel);
        }
    }

    /** Sends {@code record} to every subpartition (serialized once). */
    public void broadcastEmit(T record) throws IOException, InterruptedException {
        int length = serialize(record);
        partition.broadcastRecord(serializationBuffer.getSharedBuffer(), length);
        if (flushEveryRecord) {
            partition.flushAll();
        }
    }

    /** Sends {@code event} on every subpartition, after every record emitted before it. */
    public void broadcastEvent(RuntimeEvent event) throws IOException, InterruptedException {
        partition.broadcastEvent(event);
    }

    private int serialize(T record) throws IOException {
        RecordFraming.start(serializationBuffer);
        serializer.serialize(record, serializationBuffer);
        return RecordFraming.finish(serializationBuffer);
    }

    /** Makes every partly filled buffer visible to the consumers. Any thread. */
    public void flushAll() {
        partition.flushAll();
    }

    /** Whether a buffer can be taken without blocking. */
    public boolean isAvailable() {
        return partition.isAvailable();
    }

    /** Completes when a buffer may be taken without blocking. */
    public CompletableFuture<?> getAvailableFuture() {
        return partition.getAvailableFuture();
    }

    /**
     * Stops the output flusher and hands the partly filled buffers to the partition (they stay
     * queued for the consumers). Does not finish the partition: call {@link ResultPartition#finish()}
     * for that, before or after. Task thread; idempotent.
     */
    public void close() {
        if (outputFlusher != null) {
            outputFlusher.shutdownNow();
        }
        partition.closeWriting();
    }
}
