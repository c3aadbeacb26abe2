package io.eddy.master.remote;

import io.eddy.executor.CollectStream;
import io.eddy.executor.JobExecutionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The client end of one collect sink of a remote job: a bounded queue of batches. A batch that
 * arrives while the queue is full is held with its acknowledgement pending; the master (and with it
 * the sink subtask that sent it) waits for that acknowledgement, which is given when the reader
 * makes room. So memory stays bounded by the capacity plus one batch per sink subtask, and a slow
 * reader slows the sink down across processes.
 *
 * <p>Threads: {@link #offer}, {@link #finish} and {@link #fail} run on the client's dispatcher
 * thread; {@link #nextBatch} and {@link #close} on the reader's thread. All state is guarded by
 * {@link #lock}; futures are completed outside it.
 */
final class RemoteCollectStream implements CollectStream {

    private record Pending(byte[] batch, CompletableFuture<Void> ack) {}

    private final String collectId;
    private final int capacity;
    private final Runnable onCloseWhileRunning;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Guarded by lock. */
    private final ArrayDeque<byte[]> queue = new ArrayDeque<>();
    /** Guarded by lock. */
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** Guarded by lock. */
    private boolean finished;
    /** Guarded by lock. */
    private boolean closed;
    /** Guarded by lock. */
    private JobExecutionException failure;

    /**
     * @param capacity batches queued before acknowledgements are held back
     * @param onCloseWhileRunning called when the reader closes the stream before it ended (cancels the job)
     */
    RemoteCollectStream(String collectId, int capacity, Runnable onCloseWhileRunning) {
        if (capacity < 1) {
            throw new IllegalArgumentException(RemoteOptions.COLLECT_QUEUE_CAPACITY.key() + ": " + capacity + " (expected: >= 1)");
        }
        this.collectId = collectId;
        this.capacity = capacity;
        this.onCloseWhileRunning = onCloseWhileRunning;
    }

    /** Queues a batch; the future completes when it is queued (at once if there is room). */
    CompletableFuture<Void> offer(byte[] batch) {
        lock.lock();
        try {
            if (closed || failure != null) {
                return CompletableFuture.completedFuture(null); // nobody reads any more: drop, do not hold the sink
            }
            if (queue.size() < capacity) {
                queue.add(batch);
                changed.signalAll();
                return CompletableFuture.completedFuture(null);
            }
            Pending p = new Pending(batch, new CompletableFuture<>());
            pending.add(p);
            return p.ack();
        } finally {
            lock.unlock();
        }
    }

    /** All sink subtasks have finished: the reader gets null after the queued batches. */
    void finish() {
        lock.lock();
        try {
            finished = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The job failed: the reader gets {@code cause} after the batches already queued; held batches are released. */
    void fail(JobExecutionException cause) {
        List<Pending> released;
        lock.lock();
        try {
            if (failure == null && !finished) {
                failure = cause;
            }
            released = drainPending();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        released.forEach(p -> p.ack().complete(null));
    }

    @Override
    public byte[] nextBatch() throws JobExecutionException, InterruptedException {
        byte[] batch;
        Pending admitted = null;
        lock.lockInterruptibly();
        try {
            while (queue.isEmpty() && !finished && failure == null && !closed) {
                changed.await();
            }
            if (closed) {
                throw new IllegalStateException("The collect stream '" + collectId + "' was closed");
            }
            batch = queue.poll();
            if (batch == null) {
                if (failure != null) {
                    throw failure;
                }
                return null;
            }
            admitted = pending.poll();
            if (admitted != null) {
                queue.add(admitted.batch());
            }
        } finally {
            lock.unlock();
        }
        if (admitted != null) {
            admitted.ack().complete(null);
        }
        return batch;
    }

    @Override
    public void close() {
        List<Pending> released;
        boolean ended;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            ended = finished || failure != null;
            queue.clear();
            released = drainPending();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        released.forEach(p -> p.ack().complete(null));
        if (!ended) {
            onCloseWhileRunning.run();
        }
    }

    /** Batches queued now (for tests and diagnostics). */
    int queuedBatches() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    private List<Pending> drainPending() {
        List<Pending> released = new ArrayList<>(pending);
        pending.clear();
        return released;
    }
}
