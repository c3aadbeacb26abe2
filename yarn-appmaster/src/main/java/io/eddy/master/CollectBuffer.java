package io.eddy.master;

import io.eddy.executor.CollectStream;
import io.eddy.executor.JobExecutionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The client side of one collect stream: a queue of at most {@code capacity} batches. A batch that
 * arrives while the queue is full waits outside it, and the future returned by {@link #offer}
 * completes only when it enters the queue; since each sink subtask waits for that future before it
 * sends its next batch, a slow reader holds at most {@code capacity} + one batch per sink subtask.
 *
 * <p>Thread-safe: {@link #offer}, {@link #finish} and {@link #fail} come from the master side (the
 * master main thread in embedded mode, the RPC thread otherwise); {@link #nextBatch} from the
 * reading thread. All state is guarded by {@link #lock}; futures are completed outside it.
 */
public final class CollectBuffer implements CollectStream {

    private final String collectId;
    private final int capacity;
    private final Runnable onEarlyClose;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();

    /** Guarded by lock. */
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    /** Guarded by lock: batches waiting for room, with the futures their senders wait on. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** Guarded by lock. */
    private boolean finished;
    /** Guarded by lock. */
    private JobExecutionException failure;
    /** Guarded by lock. */
    private boolean closed;
    /** Guarded by lock: the most batches held at once (queued + waiting). */
    private int highWatermark;

    /**
     * @param onEarlyClose runs when the reader closes the stream before its end (cancels the job)
     */
    public CollectBuffer(String collectId, int capacity, Runnable onEarlyClose) {
        if (capacity < 1) {
            throw new IllegalArgumentException("collect queue capacity: " + capacity + " (expected: >= 1)");
        }
        this.collectId = collectId;
        this.capacity = capacity;
        this.onEarlyClose = onEarlyClose;
    }

    /** Adds a batch; the future completes when the batch is in the queue (at once if there is room). */
    public CompletableFuture<Void> offer(byte[] batch) {
        lock.lock();
        try {
            if (closed || failure != null) {
                return CompletableFuture.completedFuture(null);
            }
            if (queue.size() < capacity && pending.isEmpty()) {
                queue.add(batch);
                highWatermark = Math.max(highWatermark, queue.size());
                changed.signalAll();
                return CompletableFuture.completedFuture(null);
            }
            Pending p = new Pending(batch, new CompletableFuture<>());
            pending.add(p);
            highWatermark = Math.max(highWatermark, queue.size() + pending.size());
            return p.admitted();
        } finally {
            lock.unlock();
        }
    }

    /** All sink subtasks have finished: the stream ends after the batches it holds. */
    public void finish() {
        lock.lock();
        try {
            finished = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The job failed: {@link #nextBatch} throws {@code cause} at once; held batches are dropped and their senders released. */
    public void fail(JobExecutionException cause) {
        List<Pending> dropped;
        lock.lock();
        try {
            failure = cause;
            dropped = drainPending();
            queue.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        dropped.forEach(p -> p.admitted().complete(null));
    }

    @Override
    public byte[] nextBatch() throws JobExecutionException, InterruptedException {
        Pending admitted = null;
        byte[] next;
        lock.lock();
        try {
            while (true) {
                if (failure != null) {
                    throw failure;
                }
                if (closed) {
                    throw new IllegalStateException("Collect stream '" + collectId + "' is closed: do not read it after close()");
                }
                if (!queue.isEmpty()) {
                    next = queue.poll();
                    admitted = pending.poll();
                    if (admitted != null) {
                        queue.add(admitted.batch());
                    }
                    break;
                }
                if (finished && pending.isEmpty()) {
                    return null;
                }
                changed.await();
            }
        } finally {
            lock.unlock();
        }
        if (admitted != null) {
            admitted.admitted().complete(null);
        }
        return next;
    }

    @Override
    public void close() {
        List<Pending> dropped;
        boolean early;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            early = !finished && failure == null;
            dropped = drainPending();
            queue.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        dropped.forEach(p -> p.admitted().complete(null));
        if (early) {
            onEarlyClose.run();
        }
    }

    /** The most batches this stream held at once, queued or waiting for room (to check that memory stays bounded). */
    public int highWatermark() {
        lock.lock();
        try {
            return highWatermark;
        } finally {
            lock.unlock();
        }
    }

    public int capacity() {
        return capacity;
    }

    /** Batches in the queue now, not counting those waiting for room. */
    public int queuedBatches() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    private List<Pending> drainPending() {
        List<Pending> dropped = new ArrayList<>(pending);
        pending.clear();
        return dropped;
    }

    private record Pending(byte[] batch, CompletableFuture<Void> admitted) {}
}
