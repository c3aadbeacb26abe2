package io.eddy.runtime.io.network.partition;

import io.eddy.runtime.io.network.buffer.WaitTime;
import io.eddy.runtime.io.network.event.EndOfPartitionEvent;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pipelined subpartition whose consumer runs in the producer's process: records are handed over
 * as objects, in batches, without being serialized (see {@code docs/network.md}, "Local object
 * channels"). One producer thread writes, one consumer thread reads.
 *
 * <p>Records go into a chain of fixed-size batches. The producer publishes each record with a
 * release store of the batch's count, so the consumer sees records as soon as they are written;
 * it is <em>woken</em> only when a batch fills up, an event arrives, a {@link #flush()} finds it
 * waiting (the output flusher every buffer timeout; after every record at timeout 0), or the
 * partition fails or is released. At most {@code maxBatches} batches are in flight: a producer that
 * needs another blocks until the consumer has read one (back pressure). A batch takes at most
 * {@code batchSize} records and about {@code batchBytes} bytes, judged by the serialized size of its
 * first record, so a subpartition holds about as much memory as a serialized one with {@code
 * maxBatches} buffers of that size (an estimate: records of one batch may differ in size).
 *
 * <p>Threads: {@link #add}, {@link #addEvent}, {@link #finish} on the producer's task thread;
 * {@link #poll()} on the consumer's task thread; {@link #flush()}, {@link #fail} and {@link
 * #release()} on any thread.
 */
public final class ObjectSubpartition {

    private final WaitTime waited = new WaitTime();

    /** The timestamp of a record that has none. */
    public static final long NO_TIMESTAMP = Long.MIN_VALUE;

    /**
     * The slots a new batch starts with; a batch grows to the records its byte budget allows when
     * it first takes small records, so channels of large records never hold arrays for thousands.
     */
    static final int INITIAL_BATCH_CAPACITY = 128;

    private static final VarHandle PUBLISHED;

    static {
        try {
            PUBLISHED = MethodHandles.lookup().findVarHandle(Batch.class, "published", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    private final int batchSize;
    private final int maxBatches;
    private final AtomicInteger batchesInFlight = new AtomicInteger(1);
    private final ConcurrentLinkedQueue<Batch> recycled = new ConcurrentLinkedQueue<>();
    private final Object producerLock = new Object();

    private final int batchBytes;

    /** Producer thread. */
    private Batch writeBatch;
    private int writePos;
    /** Records the current batch takes: its byte budget over the estimated record size, at most batchSize. */
    private int writeLimit;
    private boolean finished;

    /** Consumer thread. */
    private Batch readBatch;
    private int readPos;
    private final Slice slice = new Slice();

    private volatile boolean consumerWaiting;
    private volatile boolean producerWaiting;
    private volatile ObjectAvailabilityListener listener;
    private volatile Throwable failure;
    private volatile boolean released;

    /**
     * @param name for errors and logs, e.g. the partition id and subpartition
     * @param batchSize records per batch, at most
     * @param batchBytes the estimated serialized bytes a batch may hold (a record's size is sampled
     *     at the start of each batch), so that large records make small batches
     * @param maxBatches batches in flight before the producer blocks (at least 2)
     */
    public ObjectSubpartition(String name, int batchSize, int batchBytes, int maxBatches) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize: " + batchSize + " (expected: >= 1)");
        }
        if (maxBatches < 2) {
            throw new IllegalArgumentException("maxBatches: " + maxBatches + " (expected: >= 2)");
        }
        this.name = name;
        this.batchSize = batchSize;
        this.batchBytes = batchBytes;
        this.maxBatches = maxBatches;
        this.writeBatch = newBatch();
        this.readBatch = writeBatch;
    }

    /** Connects the consumer; it is told whenever {@link #poll()} may find something new. */
    public void setListener(ObjectAvailabilityListener listener) {
        this.listener = listener;
        listener.notifyObjectsAvailable();
    }

    // ------------------------------------------------------------------ producer side

    /** Whether the next {@link #add} starts a batch and would use a record size estimate. Producer thread. */
    public boolean wantsSizeEstimate() {
        return writePos >= writeLimit;
    }

    /**
     * Appends a record. Blocks while {@code maxBatches} batches are in flight.
     *
     * @param value the record (not copied: the caller hands over an object it will not change)
     * @param timestamp its timestamp, or {@link #NO_TIMESTAMP}
     * @param key the partitioning key the producer computed for it, or null (none, or an {@link Integer} key)
     * @param keyGroup the key group of the partitioning key, or -1 if the edge does not partition by key
     * @param estimatedBytes the record's serialized size when {@link #wantsSizeEstimate()}, else ignored; -1 if unknown
     */
    public void add(Object value, long timestamp, Object key, int keyGroup, int estimatedBytes) throws InterruptedException {
        if (writePos >= writeLimit && !startBatch(estimatedBytes)) {
            return;
        }
        Batch batch = writeBatch;
        int pos = writePos;
        batch.values[pos] = value;
        batch.timestamps[pos] = timestamp;
        batch.keys[pos] = key;
        batch.keyGroups[pos] = keyGroup;
        writePos = pos + 1;
        PUBLISHED.setRelease(batch, pos + 1);
    }

    /**
     * Publishes the full batch, if any, and sizes the next one. A method of its own, called once per
     * batch, so that the compiled {@link #add} does not contain the branch that only a partition's
     * first batch (or the one after an event) takes: taken by the next job's first record, that
     * branch would throw away the producer's compiled code, not just this method's.
     *
     * @return false if the partition was released (the record is dropped)
     */
    private boolean startBatch(int estimatedBytes) throws InterruptedException {
        if (writePos > 0) {
            if (released) {
                return false;
            }
            rollOver(nextBatch());
        }
        writeLimit = estimatedBytes <= 0 ? batchSize : Math.max(1, Math.min(batchSize, batchBytes / estimatedBytes));
        // Before any record of this batch is published: the consumer reads the arrays only after it saw one.
        writeBatch.ensureCapacity(writeLimit);
        return true;
    }

    /** Appends an event after every record added before it, and wakes the consumer. */
    public void addEvent(RuntimeEvent event) throws InterruptedException {
        if (finished) {
            throw new IllegalStateException("Bug: event " + event + " after the end of " + name);
        }
        Batch eventBatch = new Batch(0);
        eventBatch.event = event;
        rollOver(eventBatch);
        rollOver(nextBatch());
        notifyConsumer();
    }

    /** Appends the end of the partition (the given event) and wakes the consumer; nothing may follow. */
    public void finish(RuntimeEvent endOfPartition) {
        Batch eventBatch = new Batch(0);
        eventBatch.event = endOfPartition;
        rollOver(eventBatch);
        finished = true;
        notifyConsumer();
    }

    /** Wakes the consumer if it waits for records that are published but not announced. Any thread. */
    public void flush() {
        VarHandle.fullFence();
        if (consumerWaiting) {
            notifyConsumer();
        }
    }

    private Batch newBatch() {
        return new Batch(Math.min(batchSize, INITIAL_BATCH_CAPACITY));
    }

    /** The record slots of the batch being written (for tests). Producer thread. */
    int writeBatchCapacity() {
        return writeBatch.values.length;
    }

    private Batch nextBatch() throws InterruptedException {
        if (batchesInFlight.get() >= maxBatches) {
            awaitRoom();
        }
        Batch batch = recycled.poll();
        return batch != null ? batch : newBatch();
    }

    /** The time the producer waited for room (its back pressure on this channel). */
    public WaitTime waited() {
        return waited;
    }

    private void awaitRoom() throws InterruptedException {
        long waitStart = System.nanoTime();
        try {
            awaitRoomUntimed();
        } finally {
            waited.addSince(waitStart);
        }
    }

    private void awaitRoomUntimed() throws InterruptedException {
        synchronized (producerLock) {
            producerWaiting = true;
            try {
                while (batchesInFlight.get() >= maxBatches && !released && failure == null) {
                    producerLock.wait();
                }
            } finally {
                producerWaiting = false;
            }
        }
    }

    /** Links {@code next} behind the current batch, which is then complete. */
    private void rollOver(Batch next) {
        batchesInFlight.incrementAndGet();
        Batch full = writeBatch;
        writeBatch = next;
        writePos = 0;
        writeLimit = 0;
        full.next = next; // volatile store: after the last release store of full's count
        if (consumerWaiting) {
            notifyConsumer();
        }
    }

    // ------------------------------------------------------------------ consumer side

    /**
     * The next run of records (a {@link Slice}, valid until the next call) or the next event; null
     * if nothing is there now, in which case the listener is told when there may be.
     *
     * @throws ProducerFailedException if the producer failed
     */
    public Object poll() throws ProducerFailedException {
        Throwable cause = failure;
        if (cause != null) {
            throw new ProducerFailedException("The producer of " + name + " failed: " + cause, cause);
        }
        Object next = tryPoll();
        if (next != null) {
            return next;
        }
        consumerWaiting = true; // volatile store, then re-check: the producer reads the flag after publishing
        next = tryPoll();
        if (next != null) {
            consumerWaiting = false;
        }
        return next;
    }

    private Object tryPoll() {
        while (true) {
            Batch batch = readBatch;
            if (batch.event != null) {
                Batch after = batch.next;
                if (after == null && !isEnd(batch.event)) {
                    return null;
                }
                RuntimeEvent event = batch.event;
                if (after != null) {
                    advance(after);
                }
                return event;
            }
            int published = (int) PUBLISHED.getAcquire(batch);
            if (readPos < published) {
                slice.set(batch.values, batch.timestamps, batch.keys, batch.keyGroups, readPos, published);
                readPos = published;
                return slice;
            }
            Batch after = batch.next;
            if (after == null) {
                return null;
            }
            // The batch is complete: its count was final before 'next' was set.
            if (readPos < (int) PUBLISHED.getAcquire(batch)) {
                continue;
            }
            advance(after);
        }
    }

    private static boolean isEnd(RuntimeEvent event) {
        return event instanceof EndOfPartitionEvent;
    }

    private void advance(Batch after) {
        Batch done = readBatch;
        readBatch = after;
        readPos = 0;
        if (done.values.length > 0) {
            Arrays.fill(done.values, null);
            Arrays.fill(done.keys, null);
            done.next = null;
            PUBLISHED.setRelease(done, 0);
            recycled.add(done);
        }
        batchesInFlight.decrementAndGet();
        if (producerWaiting) {
            synchronized (producerLock) {
                producerLock.notifyAll();
            }
        }
    }

    // ------------------------------------------------------------------ any thread

    /** The producer failed: the consumer's next poll throws a {@link ProducerFailedException} with {@code cause}. */
    public void fail(Throwable cause) {
        if (failure == null) {
            failure = cause;
        }
        wakeAll();
    }

    /** The consumer is gone (or the job ended): records added from now on are dropped. */
    public void release() {
        released = true;
        wakeAll();
    }

    public boolean isReleased() {
        return released;
    }

    private void wakeAll() {
        synchronized (producerLock) {
            producerLock.notifyAll();
        }
        notifyConsumer();
    }

    private void notifyConsumer() {
        ObjectAvailabilityListener l = listener;
        if (l != null) {
            consumerWaiting = false;
            l.notifyObjectsAvailable();
        }
    }

    @Override
    public String toString() {
        return "object subpartition " + name;
    }

    /** A run of records of one batch: {@code values[from..to)} with their {@code timestamps}. Read-only for the consumer. */
    public static final class Slice {
        private Object[] values;
        private long[] timestamps;
        private Object[] keys;
        private int[] keyGroups;
        private int from;
        private int to;

        void set(Object[] values, long[] timestamps, Object[] keys, int[] keyGroups, int from, int to) {
            this.values = values;
            this.timestamps = timestamps;
            this.keys = keys;
            this.keyGroups = keyGroups;
            this.from = from;
            this.to = to;
        }

        public Object[] values() {
            return values;
        }

        public long[] timestamps() {
            return timestamps;
        }

        /** Per record the partitioning key the producer computed, or null. */
        public Object[] keys() {
            return keys;
        }

        /** Per record the key group of its partitioning key, or -1 where there is no key. */
        public int[] keyGroups() {
            return keyGroups;
        }

        public int from() {
            return from;
        }

        public int to() {
            return to;
        }
    }

    /** A link of the chain: records, or one event. */
    private static final class Batch {
        // Replaced (grown) only by the producer, before it publishes the batch's first record.
        Object[] values;
        long[] timestamps;
        Object[] keys;
        int[] keyGroups;
        @SuppressWarnings("unused") // accessed through PUBLISHED
        volatile int published;
        volatile Batch next;
        RuntimeEvent event;

        Batch(int capacity) {
            values = new Object[capacity];
            timestamps = new long[capacity];
            keys = new Object[capacity];
            keyGroups = new int[capacity];
        }

        void ensureCapacity(int records) {
            if (values.length < records) {
                values = new Object[records];
                timestamps = new long[records];
                keys = new Object[records];
                keyGroups = new int[records];
            }
        }
    }
}
