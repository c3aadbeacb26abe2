package io.eddy.runtime.io.network.buffer;

import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The fixed set of network buffers of one worker: allocated once, never grows. Result partitions
 * and input gates take their buffers through bounded {@link LocalBufferPool}s carved out of it;
 * remote input channels take their exclusive buffers directly. Memory therefore stays bounded
 * however slow a consumer is: a producer that finds no buffer blocks (back pressure).
 *
 * <p>Threads: all state is guarded by {@link #lock}, which the local pools share, so one lock
 * acquisition per buffer (never per record) is the synchronization cost.
 */
public final class NetworkBufferPool implements AutoCloseable {

    final ReentrantLock lock = new ReentrantLock();
    /** Signalled (while someone waits) when a segment returns. */
    final Condition segmentReturned = lock.newCondition();

    private final int segmentSize;
    private final int totalSegments;
    /** Guarded by lock. */
    private final ArrayDeque<MemorySegment> free;
    /** Guarded by lock: futures of local pools waiting for any segment to return. */
    private final List<CompletableFuture<Void>> availabilityWaiters = new ArrayList<>();
    /** Guarded by lock. */
    private int minimumAvailable;
    /** Guarded by lock: number of threads waiting on segmentReturned. */
    int blockedRequesters;

    public NetworkBufferPool(int totalSegments, int segmentSize, boolean offHeap) {
        if (totalSegments <= 0) {
            throw new IllegalArgumentException("totalBuffers: " + totalSegments + " (expected: > 0)");
        }
        if (segmentSize < 64) {
            throw new IllegalArgumentException("segmentSize: " + segmentSize + " (expected: >= 64 bytes)");
        }
        this.segmentSize = segmentSize;
        this.totalSegments = totalSegments;
        this.free = new ArrayDeque<>(totalSegments);
        for (int i = 0; i < totalSegments; i++) {
            free.add(offHeap ? MemorySegment.allocateDirect(segmentSize, this) : MemorySegment.allocateHeap(segmentSize, this));
        }
        this.minimumAvailable = totalSegments;
    }

    public int segmentSize() {
        return segmentSize;
    }

    public int totalSegments() {
        return totalSegments;
    }

    public int availableSegments() {
        lock.lock();
        try {
            return free.size();
        } finally {
            lock.unlock();
        }
    }

    /** The lowest number of available segments seen so far (a test proves memory stays bounded). */
    public int minimumAvailableSegments() {
        lock.lock();
        try {
            return minimumAvailable;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits until at least {@code count} segments are free (e.g. all of them, once in-flight buffers
     * have been recycled after a job ended).
     *
     * @return whether they were free before the timeout
     */
    public boolean awaitAvailable(int count, long timeout, TimeUnit unit) throws InterruptedException {
        long remaining = unit.toNanos(timeout);
        lock.lockInterruptibly();
        try {
            blockedRequesters++;
            try {
                while (free.size() < count) {
                    if (remaining <= 0) {
                        return false;
                    }
                    remaining = segmentReturned.awaitNanos(remaining);
                }
                return true;
            } finally {
                blockedRequesters--;
            }
        } finally {
            lock.unlock();
        }
    }

    /** A bounded pool of at most {@code maxSegments} segments for {@code owner} (named in errors). */
    public LocalBufferPool createLocalPool(int maxSegments, String owner) {
        if (maxSegments <= 0) {
            throw new IllegalArgumentException("maxSegments of the pool of " + owner + ": " + maxSegments + " (expected: > 0)");
        }
        return new LocalBufferPool(this, maxSegments, owner);
    }

    /**
     * Takes {@code count} segments at once (the exclusive buffers of a remote input channel).
     *
     * @throws IOException if fewer are free; nothing is taken then
     */
    public List<MemorySegment> requestSegments(int count, String owner) throws IOException {
        lock.lock();
        try {
            if (free.size() < count) {
                throw new IOException("Insufficient network buffers for " + owner + ": required " + count + ", available "
                        + free.size() + " of " + totalSegments + ". Increase NetworkConfig.builder().totalBuffers(...)"
                        + " or lower exclusiveBuffersPerChannel.");
            }
            List<MemorySegment> taken = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                taken.add(free.poll());
            }
            minimumAvailable = Math.min(minimumAvailable, free.size());
            return taken;
        } finally {
            lock.unlock();
        }
    }

    /** Gives segments back (exclusive buffers of a released channel, or any segment). */
    public void recycle(MemorySegment segment) {
        List<CompletableFuture<Void>> toComplete;
        lock.lock();
        try {
            toComplete = returnLocked(segment);
        } finally {
            lock.unlock();
        }
        complete(toComplete);
    }

    /** Guarded by lock. Returns futures to complete after unlocking. */
    List<CompletableFuture<Void>> returnLocked(MemorySegment segment) {
        if (segment.getOwner() != this) {
            throw new IllegalArgumentException("Bug: segment does not belong to this network buffer pool");
        }
        free.add(segment);
        if (free.size() > totalSegments) {
            throw new IllegalStateException("Bug: more segments returned than the pool holds (" + free.size() + " > " + totalSegments + ")");
        }
        if (blockedRequesters > 0) {
            segmentReturned.signalAll();
        }
        if (availabilityWaiters.isEmpty()) {
            return List.of();
        }
        List<CompletableFuture<Void>> waiters = new ArrayList<>(availabilityWaiters);
        availabilityWaiters.clear();
        return waiters;
    }

    /** Guarded by lock. */
    MemorySegment pollLocked() {
        MemorySegment segment = free.poll();
        if (segment != null && free.size() < minimumAvailable) {
            minimumAvailable = free.size();
        }
        return segment;
    }

    /** Guarded by lock. */
    boolean hasFreeLocked() {
        return !free.isEmpty();
    }

    /** Guarded by lock. */
    void addAvailabilityWaiterLocked(CompletableFuture<Void> future) {
        availabilityWaiters.add(future);
    }

    static void complete(List<CompletableFuture<Void>> futures) {
        for (CompletableFuture<Void> future : futures) {
            future.complete(null);
        }
    }

    /** Wakes everyone waiting; segments still in use stay valid until recycled. */
    @Override
    public void close() {
        List<CompletableFuture<Void>> waiters;
        lock.lock();
        try {
            segmentReturned.signalAll();
            waiters = new ArrayList<>(availabilityWaiters);
            availabilityWaiters.clear();
        } finally {
            lock.unlock();
        }
        complete(waiters);
    }
}
