package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferListener;
import io.eddy.runtime.io.network.buffer.BufferRecycler;
import io.eddy.runtime.io.network.buffer.BufferUsage;
import io.eddy.runtime.io.network.buffer.LocalBufferPool;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An input channel whose producer runs in another worker, read over the shared Netty connection
 * with credit-based flow control.
 *
 * <p>Credit: the channel owns {@code exclusive} segments and borrows floating ones from its gate's
 * pool when the producer reports a backlog. Each free segment is one credit; the producer sends a
 * buffer only against credit, so every arriving buffer has a segment to land in, and a slow reader
 * stalls only its own subpartition. Recycling a segment returns the credit (announced to the
 * producer in batches: only the first unannounced credit triggers a message).
 *
 * <p>Threads: the Netty event loop calls {@link #requestSegmentForReceive()},
 * {@link #onBuffer} and {@link #onError}; the task thread polls and recycles; buffer listeners run on
 * whichever thread recycles a floating segment. All mutable state below is guarded by {@link #lock},
 * except {@code unannouncedCredit} (atomic) and {@code client} (volatile, set once).
 */
public final class RemoteInputChannel extends InputChannel implements BufferListener {

    private final InetSocketAddress producerAddress;
    private final ConnectionManager connections;
    private final NetworkBufferPool globalPool;
    private final LocalBufferPool floatingPool;
    private final int receiverId;
    private final MemorySegment[] exclusiveSegments;
    private final BufferRecycler exclusiveRecycler = this::recycleExclusive;
    private final BufferRecycler floatingRecycler = this::recycleFloating;
    private final AtomicInteger unannouncedCredit = new AtomicInteger();
    private volatile PartitionRequestClient client;

    private final Object lock = new Object();
    private final ArrayDeque<MemorySegment> freeExclusive = new ArrayDeque<>();
    private final ArrayDeque<MemorySegment> freeFloating = new ArrayDeque<>();
    private final ArrayDeque<Buffer> received = new ArrayDeque<>();
    private int requiredBuffers;
    private boolean waitingForFloating;
    private boolean released;
    private int expectedSequenceNumber;

    public RemoteInputChannel(SingleInputGate gate, int channelIndex, ResultPartitionId partitionId, int subpartition,
            InetSocketAddress producerAddress, ConnectionManager connections, NetworkBufferPool globalPool,
            LocalBufferPool floatingPool, int exclusiveBuffers, int receiverId) {
        super(gate, channelIndex, partitionId, subpartition);
        this.producerAddress = producerAddress;
        this.connections = connections;
        this.globalPool = globalPool;
        this.floatingPool = floatingPool;
        this.receiverId = receiverId;
        this.exclusiveSegments = new MemorySegment[exclusiveBuffers];
        this.requiredBuffers = exclusiveBuffers;
    }

    public int receiverId() {
        return receiverId;
    }

    public int subpartition() {
        return subpartition;
    }

    public InetSocketAddress producerAddress() {
        return producerAddress;
    }

    /** Takes the exclusive segments; fails if the worker's pool cannot provide them. */
    public void assignExclusiveSegments() throws IOException {
        List<MemorySegment> segments = globalPool.requestSegments(exclusiveSegments.length, "remote input channel " + this);
        synchronized (lock) {
            for (int i = 0; i < exclusiveSegments.length; i++) {
                exclusiveSegments[i] = segments.get(i);
                freeExclusive.add(segments.get(i));
            }
        }
    }

    @Override
    public void requestSubpartition() {
        connections.connect(producerAddress).whenComplete((connected, failure) -> {
            if (failure != null) {
                onError(new IOException("Connecting to worker at " + producerAddress + " failed for " + this + ": " + failure.getMessage(), failure));
                return;
            }
            synchronized (lock) {
                if (released) {
                    return;
                }
                client = connected;
            }
            connected.requestSubpartition(this, exclusiveSegments.length);
        });
    }

    /** A free segment for the next arriving buffer, or null if the channel was released. Netty thread. */
    public MemorySegment requestSegmentForReceive() throws IOException {
        synchronized (lock) {
            if (released) {
                return null;
            }
            MemorySegment segment = freeFloating.poll();
            if (segment == null) {
                segment = freeExclusive.poll();
            }
            if (segment == null) {
                throw new IOException("Bug: the producer at " + producerAddress + " sent a buffer without credit to " + this);
            }
            return segment;
        }
    }

    /** A buffer arrived into {@code segment} (from {@link #requestSegmentForReceive()}). Netty thread. */
    public void onBuffer(MemorySegment segment, int size, int sequenceNumber, int backlog, boolean event) {
        Buffer buffer = Buffer.owning(segment, size, event, isExclusive(segment) ? exclusiveRecycler : floatingRecycler);
        boolean wasEmpty;
        synchronized (lock) {
            if (released) {
                wasEmpty = false;
            } else if (sequenceNumber != expectedSequenceNumber) {
                wasEmpty = false;
                setError(new IOException("Bug: buffer " + sequenceNumber + " arrived from " + producerAddress + " for " + this
                        + " while " + expectedSequenceNumber + " was expected"));
            } else {
                expectedSequenceNumber++;
                wasEmpty = received.isEmpty();
                received.add(buffer);
                buffer = null;
            }
        }
        if (buffer != null) {
            buffer.recycle();
            return;
        }
        onSenderBacklog(backlog);
        if (wasEmpty) {
            gate.queueChannel(this);
        }
    }

    /** Gives back a segment from {@link #requestSegmentForReceive()} that received nothing (connection closed). */
    public void returnUnusedSegment(MemorySegment segment) {
        if (isExclusive(segment)) {
            recycleExclusive(segment);
        } else {
            recycleFloating(segment);
        }
    }

    /** The connection failed or the producer reported an error. Any thread. */
    public void onError(Throwable cause) {
        setError(cause);
    }

    private boolean isExclusive(MemorySegment segment) {
        for (MemorySegment exclusive : exclusiveSegments) {
            if (exclusive == segment) {
                return true;
            }
        }
        return false;
    }

    /** Makes room for the producer's backlog by borrowing floating segments (each is one credit). */
    private void onSenderBacklog(int backlog) {
        int newCredit = 0;
        synchronized (lock) {
            if (released) {
                return;
            }
            requiredBuffers = backlog + exclusiveSegments.length;
            newCredit = borrowFloatingLocked();
        }
        addCredit(newCredit);
    }

    /** Guarded by lock. */
    private int borrowFloatingLocked() {
        int newCredit = 0;
        while (!waitingForFloating && freeCountLocked() < requiredBuffers) {
            MemorySegment segment = floatingPool.requestSegment();
            if (segment != null) {
                freeFloating.add(segment);
                newCredit++;
            } else if (floatingPool.addListener(this)) {
                waitingForFloating = true;
            }
        }
        return newCredit;
    }

    /** Its exclusive segments that hold data not yet read, of all of them; nothing once released. Any thread. */
    public BufferUsage exclusiveUsage() {
        synchronized (lock) {
            return released ? BufferUsage.NONE : new BufferUsage(exclusiveSegments.length - freeExclusive.size(), exclusiveSegments.length);
        }
    }

    /** The floating segments it borrowed and holds free, as credit for data to come. Any thread. */
    public int idleFloatingSegments() {
        synchronized (lock) {
            return freeFloating.size();
        }
    }

    /** Guarded by lock: free segments plus those holding received, unread data (all will be free). */
    private int freeCountLocked() {
        return freeExclusive.size() + freeFloating.size();
    }

    @Override
    public boolean notifyBufferAvailable(MemorySegment segment) {
        int newCredit;
        synchronized (lock) {
            waitingForFloating = false;
            if (released || freeCountLocked() >= requiredBuffers) {
                return false;
            }
            freeFloating.add(segment);
            newCredit = 1 + borrowFloatingLocked();
        }
        addCredit(newCredit);
        return true;
    }

    private void recycleExclusive(MemorySegment segment) {
        synchronized (lock) {
            if (!released) {
                freeExclusive.add(segment);
                segment = null;
            }
        }
        if (segment != null) {
            globalPool.recycle(segment);
        } else {
            addCredit(1);
        }
    }

    private void recycleFloating(MemorySegment segment) {
        synchronized (lock) {
            if (!released && freeCountLocked() < requiredBuffers) {
                freeFloating.add(segment);
                segment = null;
            }
        }
        if (segment != null) {
            floatingPool.recycle(segment);
        } else {
            addCredit(1);
        }
    }

    private void addCredit(int credit) {
        if (credit > 0 && unannouncedCredit.getAndAdd(credit) == 0) {
            PartitionRequestClient current = client;
            if (current != null) {
                current.notifyCreditAvailable(this);
            }
        }
    }

    /** Takes the credit not yet announced to the producer (the transport sends it). Netty thread. */
    public int getAndResetUnannouncedCredit() {
        return unannouncedCredit.getAndSet(0);
    }

    @Override
    BufferAndBacklog getNextBuffer() throws IOException {
        checkError();
        synchronized (lock) {
            Buffer buffer = received.poll();
            if (buffer == null) {
                return null;
            }
            return new BufferAndBacklog(buffer, received.size(), !received.isEmpty());
        }
    }

    @Override
    public void releaseAllResources() {
        List<Buffer> toRecycle;
        List<MemorySegment> exclusive;
        List<MemorySegment> floating;
        synchronized (lock) {
            if (released) {
                return;
            }
            released = true;
            toRecycle = new ArrayList<>(received);
            received.clear();
            exclusive = new ArrayList<>(freeExclusive);
            freeExclusive.clear();
            floating = new ArrayList<>(freeFloating);
            freeFloating.clear();
        }
        for (Buffer buffer : toRecycle) {
            buffer.recycle();
        }
        for (MemorySegment segment : exclusive) {
            globalPool.recycle(segment);
        }
        for (MemorySegment segment : floating) {
            floatingPool.recycle(segment);
        }
        PartitionRequestClient current = client;
        if (current != null) {
            current.cancelRequest(this);
        }
    }

    @Override
    public String toString() {
        return "remote channel " + channelIndex + " (subpartition " + subpartition + " of " + partitionId + " at " + producerAddress + ")";
    }
}
