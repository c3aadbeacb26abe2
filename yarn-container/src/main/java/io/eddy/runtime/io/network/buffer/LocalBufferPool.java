package io.eddy.runtime.io.network.buffer;

import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A bounded share of the {@link NetworkBufferPool}: at most {@code maxSegments} segments in use at
 * once. Segments are taken from the global pool on request and go straight back to it on recycle
 * (unless a {@link BufferListener} waits for one), so idle pools hold nothing.
 *
 * <p>Threads: state is guarded by the global pool's lock; {@link #recycle} may be called from any
 * thread (the consumer, a Netty thread).
 */
public final class LocalBufferPool implements BufferRecycler {

    private final WaitTime waited = new WaitTime();

    private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

    private final NetworkBufferPool global;
    private final String owner;
    private final int maxSegments;
    /** Guarded by global.lock. */
    private int inUse;
    /** Guarded by global.lock. */
    private boolean destroyed;
    /** Guarded by global.lock. */
    private final ArrayDeque<BufferListener> listeners = new ArrayDeque<>();
    /** Guarded by global.lock. */
    private CompletableFuture<Void> availableFuture = AVAILABLE;

    LocalBufferPool(NetworkBufferPool global, int maxSegments, String owner) {
        this.global = global;
        this.maxSegments = maxSegments;
        this.owner = owner;
    }

    public int maxSegments() {
        return maxSegments;
    }

    /** Segments of this pool currently in use (taken and not yet recycled). */
    public int segmentsInUse() {
        global.lock.lock();
        try {
            return inUse;
        } finally {
            global.lock.unlock();
        }
    }

    /** A segment, or null if the pool's bound is reached or the global pool is empty. Never blocks. */
    public MemorySegment requestSegment() {
        global.lock.lock();
        try {
            return pollLocked();
        } finally {
            global.lock.unlock();
        }
    }

    /**
     * A segment, waiting as long as none is available: this is where a producer feels back pressure.
     *
     * @throws IOException if the pool is destroyed (its partition or gate was released) meanwhile
     */
    public MemorySegment requestSegmentBlocking() throws IOException, InterruptedException {
        global.lock.lockInterruptibly();
        long waitStart = 0;
        try {
            while (true) {
                if (destroyed) {
                    throw new IOException("The buffer pool of " + owner + " was destroyed (released or cancelled)");
                }
                MemorySegment segment = pollLocked();
                if (segment != null) {
                    if (waitStart != 0) {
                        waited.addSince(waitStart);
                    }
                    return segment;
                }
                if (waitStart == 0) {
                    waitStart = System.nanoTime();
                }
                global.blockedRequesters++;
                try {
                    global.segmentReturned.await();
                } finally {
                    global.blockedRequesters--;
                }
            }
        } finally {
            global.lock.unlock();
        }
    }

    /** The time {@link #requestSegmentBlocking()} waited for a segment so far (its producer's back pressure). */
    public WaitTime waited() {
        return waited;
    }

    /** Guarded by global.lock. */
    private MemorySegment pollLocked() {
        if (destroyed || inUse >= maxSegments) {
            return null;
        }
        MemorySegment segment = global.pollLocked();
        if (segment != null) {
            inUse++;
        }
        return segment;
    }

    /** Whether {@link #requestSegment()} would return a segment now. */
    public boolean isAvailable() {
        global.lock.lock();
        try {
            return !destroyed && inUse < maxSegments && global.hasFreeLocked();
        } finally {
            global.lock.unlock();
        }
    }

    /** Completes when a segment may be available (callers check again); completed if one is. */
    public CompletableFuture<?> getAvailableFuture() {
        global.lock.lock();
        try {
            if (destroyed || (inUse < maxSegments && global.hasFreeLocked())) {
                return AVAILABLE;
            }
            if (availableFuture.isDone()) {
                availableFuture = new CompletableFuture<>();
                global.addAvailabilityWaiterLocked(availableFuture);
            }
            return availableFuture;
        } finally {
            global.lock.unlock();
        }
    }

    /**
     * Registers a listener to be handed the next recycled segment of this pool.
     *
     * @return false if a segment is available right now (request it instead); nothing is registered then
     */
    public boolean addListener(BufferListener listener) {
        global.lock.lock();
        try {
            if (destroyed) {
                return true;
            }
            if (inUse < maxSegments && global.hasFreeLocked()) {
                return false;
            }
            listeners.add(listener);
            return true;
        } finally {
            global.lock.unlock();
        }
    }

    @Override
    public void recycle(MemorySegment segment) {
        while (true) {
            BufferListener listener;
            List<CompletableFuture<Void>> toComplete = List.of();
            global.lock.lock();
            try {
                listener = listeners.poll();
                if (listener == null) {
                    inUse--;
                    toComplete = global.returnLocked(segment);
                }
            } finally {
                global.lock.unlock();
            }
            if (listener == null) {
                NetworkBufferPool.complete(toComplete);
                return;
            }
            if (listener.notifyBufferAvailable(segment)) {
                return;
            }
        }
    }

    /** No more segments are handed out; those in use return to the global pool when recycled. */
    public void destroy() {
        List<CompletableFuture<Void>> toComplete = List.of();
        global.lock.lock();
        try {
            destroyed = true;
            listeners.clear();
            global.segmentReturned.signalAll();
            if (!availableFuture.isDone()) {
                toComplete = List.of(availableFuture);
            }
        } finally {
            global.lock.unlock();
        }
        NetworkBufferPool.complete(toComplete);
    }

    @Override
    public String toString() {
        return "LocalBufferPool[" + owner + ", max " + maxSegments + "]";
    }
}
