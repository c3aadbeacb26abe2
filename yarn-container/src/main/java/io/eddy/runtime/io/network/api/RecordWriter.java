package io.eddy.runtime.io.network.api;

import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.event.EndOfPartitionEvent;
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
    /** Per subpartition, the object channel its local consumer reads instead, or null; null if there are none. */
    private final ObjectSubpartition[] objectChannels;
    private final ObjectRecordAdapter<T> objectAdapter;

    public RecordWriter(ResultPartition partition, ChannelSelector<T> selector, TypeSerializer<T> serializer, long bufferTimeoutMillis) {
        this(partition, selector, serializer, bufferTimeoutMillis, null, null);
    }

    /**
     * @param objectChannels per subpartition, the {@link ObjectSubpartition} that replaces it for a
     *     consumer in this process (records are handed over as objects), or null to serialize into the
     *     partition; the array may be null when no subpartition has one. Subpartitions that have one
     *     are released in {@code partition}: they carry nothing.
     * @param objectAdapter splits records for the object channels; required when there are any
     */
    public RecordWriter(ResultPartition partition, ChannelSelector<T> selector, TypeSerializer<T> serializer, long bufferTimeoutMillis,
            ObjectSubpartition[] objectChannels, ObjectRecordAdapter<T> objectAdapter) {
        if (bufferTimeoutMillis < -1) {
            throw new IllegalArgumentException("bufferTimeoutMillis: " + bufferTimeoutMillis
                    + " (expected: -1 = only full buffers, 0 = flush every record, > 0 = flush interval)");
        }
        this.partition = partition;
        this.selector = selector;
        this.serializer = serializer.duplicate();
        this.flushEveryRecord = bufferTimeoutMillis == 0;
        selector.setup(partition.numberOfSubpartitions());
        this.objectChannels = hasAny(objectChannels) ? objectChannels.clone() : null;
        this.objectAdapter = objectAdapter;
        if (this.objectChannels != null) {
            if (objectChannels.length != partition.numberOfSubpartitions()) {
                throw new IllegalArgumentException("objectChannels: " + objectChannels.length + " entries for the "
                        + partition.numberOfSubpartitions() + " subpartitions of " + partition.id());
            }
            if (objectAdapter == null) {
                throw new IllegalArgumentException("objectChannels without an objectAdapter for " + partition.id());
            }
            for (int i = 0; i < objectChannels.length; i++) {
                if (objectChannels[i] != null) {
                    partition.releaseSubpartition(i);
                }
            }
        }
        if (bufferTimeoutMillis > 0) {
            this.outputFlusher = Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "OutputFlusher for " + partition.owningTaskName() + " " + partition.id());
                thread.setDaemon(true);
                return thread;
            });
            outputFlusher.scheduleWithFixedDelay(this::flushAll, bufferTimeoutMillis, bufferTimeoutMillis, TimeUnit.MILLISECONDS);
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
        ObjectSubpartition objects = objectChannels == null ? null : objectChannels[channel];
        if (objects != null) {
            int estimatedBytes = objects.wantsSizeEstimate() ? serialize(record) : -1;
            objects.add(objectAdapter.valueOf(record), objectAdapter.timestampOf(record), selector.lastKey(), selector.lastKeyGroup(),
                    estimatedBytes);
            if (flushEveryRecord) {
                objects.flush();
            }
            return;
        }
        int length = serialize(record);
        partition.emitRecord(channel, serializationBuffer.getSharedBuffer(), length);
        if (flushEveryRecord) {
            partition.flush(channel);
        }
    }

    /** Sends {@code record} to every subpartition (serialized once). */
    public void broadcastEmit(T record) throws IOException, InterruptedException {
        if (objectChannels == null) {
            int length = serialize(record);
            partition.broadcastRecord(serializationBuffer.getSharedBuffer(), length);
        } else {
            int length = -1;
            for (int i = 0; i < objectChannels.length; i++) {
                if (objectChannels[i] != null) {
                    if (objectChannels[i].wantsSizeEstimate()) {
                        length = length < 0 ? serialize(record) : length;
                    }
                    objectChannels[i].add(objectAdapter.valueOf(record), objectAdapter.timestampOf(record), null, -1, length);
                } else {
                    length = length < 0 ? serialize(record) : length;
                    partition.emitRecord(i, serializationBuffer.getSharedBuffer(), length);
                }
            }
        }
        if (flushEveryRecord) {
            flushAll();
        }
    }

    /** Sends {@code event} on every subpartition, after every record emitted before it. */
    public void broadcastEvent(RuntimeEvent event) throws IOException, InterruptedException {
        partition.broadcastEvent(event);
        if (objectChannels != null) {
            for (ObjectSubpartition objects : objectChannels) {
                if (objects != null) {
                    objects.addEvent(event);
                }
            }
        }
    }

    /**
     * Ends the object channels (the partition's own subpartitions end with {@link
     * ResultPartition#finish()}). Task thread; call after the last record.
     */
    public void finishObjectChannels() {
        if (objectChannels != null) {
            for (ObjectSubpartition objects : objectChannels) {
                if (objects != null) {
                    objects.finish(EndOfPartitionEvent.INSTANCE);
                }
            }
        }
    }

    /** Fails the object channels: their consumers see {@code cause}. Any thread. */
    public void failObjectChannels(Throwable cause) {
        if (objectChannels != null) {
            for (ObjectSubpartition objects : objectChannels) {
                if (objects != null) {
                    objects.fail(cause);
                }
            }
        }
    }

    private static boolean hasAny(ObjectSubpartition[] channels) {
        if (channels == null) {
            return false;
        }
        for (ObjectSubpartition c : channels) {
            if (c != null) {
                return true;
            }
        }
        return false;
    }

    private int serialize(T record) throws IOException {
        RecordFraming.start(serializationBuffer);
        serializer.serialize(record, serializationBuffer);
        return RecordFraming.finish(serializationBuffer);
    }

    /** Makes every partly filled buffer visible to the consumers. Any thread. */
    public void flushAll() {
        partition.flushAll();
        if (objectChannels != null) {
            for (ObjectSubpartition objects : objectChannels) {
                if (objects != null) {
                    objects.flush();
                }
            }
        }
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
