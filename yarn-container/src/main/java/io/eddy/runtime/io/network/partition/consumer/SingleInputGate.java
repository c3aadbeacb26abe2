package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferUsage;
import io.eddy.runtime.io.network.buffer.LocalBufferPool;
import io.eddy.runtime.io.network.event.EndOfPartitionEvent;
import io.eddy.runtime.io.network.event.EventSerializer;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * An input gate over local and remote channels. Channels that have data put themselves in a queue
 * (once, however often they are notified); {@link #pollNext()} serves them round-robin, one buffer
 * at a time, so no channel starves the others.
 *
 * <p><b>Blocking.</b> During checkpoint barrier alignment the task {@link #blockChannel blocks}
 * channels: a blocked channel is not polled; an announcement of data for it is remembered and the
 * channel is queued again when it is {@link #unblockChannel unblocked}. Its data stays in the
 * channel (a remote channel keeps its credit, so the producer is held back).
 *
 * <p>Threads: {@link #pollNext()} runs on the consuming task thread, which also owns
 * {@code channelFinished} and {@code finishedChannels}. Channels are queued from producer threads,
 * Netty threads and timers. The queue, {@code availableFuture} and {@code closed} are guarded by
 * {@link #lock}; the future is completed outside it.
 */
public final class SingleInputGate implements InputGate {

    private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

    private final String owningTaskName;
    private final InputChannel[] channels;
    private final LocalBufferPool floatingPool;
    private final Runnable onClose;

    private final Object lock = new Object();
    private final ArrayDeque<InputChannel> channelsWithData = new ArrayDeque<>();
    private CompletableFuture<Void> availableFuture = new CompletableFuture<>();
    private boolean closed;

    /** Task thread. */
    private final boolean[] channelFinished;
    private int finishedChannels;
    private volatile boolean finished;

    /**
     * @param floatingPool pool the remote channels borrow from; null if there are none
     * @param onClose called once when the gate closes (the environment forgets it)
     */
    public SingleInputGate(String owningTaskName, int numberOfChannels, LocalBufferPool floatingPool, Runnable onClose) {
        if (numberOfChannels <= 0) {
            throw new IllegalArgumentException("channels of the input gate of " + owningTaskName + ": " + numberOfChannels + " (expected: > 0)");
        }
        this.owningTaskName = owningTaskName;
        this.channels = new InputChannel[numberOfChannels];
        this.channelFinished = new boolean[numberOfChannels];
        this.floatingPool = floatingPool;
        this.onClose = onClose;
    }

    public void setChannel(int index, InputChannel channel) {
        channels[index] = channel;
    }

    public InputChannel channel(int index) {
        return channels[index];
    }

    public String owningTaskName() {
        return owningTaskName;
    }

    /** Asks every channel's producer for its subpartition (requests complete asynchronously). */
    public void requestPartitions() throws IOException {
        for (InputChannel channel : channels) {
            channel.requestSubpartition();
        }
    }

    @Override
    public int numberOfChannels() {
        return channels.length;
    }

    /** Puts a channel in the queue of channels with data (no-op if it is there). Any thread. */
    void queueChannel(InputChannel channel) {
        CompletableFuture<Void> toComplete = null;
        synchronized (lock) {
            if (channel.queued || closed) {
                return;
            }
            if (channel.blocked) {
                channel.availableWhileBlocked = true;
                return;
            }
            channel.queued = true;
            channelsWithData.add(channel);
            if (!availableFuture.isDone()) {
                toComplete = availableFuture;
            }
        }
        if (toComplete != null) {
            toComplete.complete(null);
        }
    }

    @Override
    public Optional<BufferOrEvent> pollNext() throws IOException {
        while (true) {
            InputChannel channel;
            synchronized (lock) {
                if (closed) {
                    throw new IllegalStateException("The input gate of " + owningTaskName + " is closed");
                }
                channel = channelsWithData.poll();
                if (channel == null) {
                    if (availableFuture.isDone() && !finished) {
                        availableFuture = new CompletableFuture<>();
                    }
                    return Optional.empty();
                }
                channel.queued = false;
                if (channel.blocked) {
                    // Blocked after it was queued: park it; unblockChannel queues it again.
                    channel.availableWhileBlocked = true;
                    continue;
                }
            }
            int index = channel.channelIndex();
            if (channelFinished[index]) {
                continue;
            }
            if (channel instanceof LocalObjectInputChannel objectChannel) {
                Object polled = objectChannel.pollObjects();
                if (polled == null) {
                    continue;
                }
                // Whether more is there is known only on the next poll: keep the channel queued until it returns null.
                queueChannel(channel);
                if (polled instanceof ObjectSubpartition.Slice slice) {
                    return Optional.of(BufferOrEvent.ofObjects(slice, index));
                }
                RuntimeEvent event = (RuntimeEvent) polled;
                if (event instanceof EndOfPartitionEvent) {
                    onEndOfPartition(channel);
                }
                return Optional.of(BufferOrEvent.ofEvent(event, index));
            }
            BufferAndBacklog next = channel.getNextBuffer();
            if (next == null) {
                continue;
            }
            if (next.moreAvailable()) {
                queueChannel(channel);
            }
            Buffer buffer = next.buffer();
            if (!buffer.isEvent()) {
                return Optional.of(BufferOrEvent.ofBuffer(buffer, index));
            }
            RuntimeEvent event;
            try {
                event = EventSerializer.fromBuffer(buffer);
            } finally {
                buffer.recycle();
            }
            if (event instanceof EndOfPartitionEvent) {
                onEndOfPartition(channel);
            }
            return Optional.of(BufferOrEvent.ofEvent(event, index));
        }
    }

    private void onEndOfPartition(InputChannel channel) {
        channelFinished[channel.channelIndex()] = true;
        finishedChannels++;
        channel.releaseAllResources();
        if (finishedChannels == channels.length) {
            finished = true;
            CompletableFuture<Void> toComplete;
            synchronized (lock) {
                toComplete = availableFuture;
            }
            toComplete.complete(null);
        }
    }

    @Override
    public void blockChannel(int channelIndex) {
        InputChannel channel = channels[channelIndex];
        synchronized (lock) {
            channel.blocked = true;
        }
    }

    @Override
    public void unblockChannel(int channelIndex) {
        InputChannel channel = channels[channelIndex];
        boolean requeue;
        synchronized (lock) {
            if (!channel.blocked) {
                return;
            }
            channel.blocked = false;
            requeue = channel.availableWhileBlocked;
            channel.availableWhileBlocked = false;
        }
        if (requeue) {
            queueChannel(channel);
        }
    }

    @Override
    public CompletableFuture<?> getAvailableFuture() {
        synchronized (lock) {
            if (finished || closed || !channelsWithData.isEmpty()) {
                return AVAILABLE;
            }
            return availableFuture;
        }
    }

    @Override
    public boolean isFinished() {
        return finished;
    }

    @Override
    public void close() {
        CompletableFuture<Void> toComplete;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            channelsWithData.clear();
            toComplete = availableFuture;
        }
        for (InputChannel channel : channels) {
            if (channel != null) {
                channel.releaseAllResources();
            }
        }
        if (floatingPool != null) {
            floatingPool.destroy();
        }
        toComplete.complete(null);
        onClose.run();
    }

    @Override
    public BufferUsage bufferUsage() {
        synchronized (lock) {
            if (closed) {
                return BufferUsage.NONE;
            }
        }
        int inUse = 0;
        int capacity = 0;
        int idleFloating = 0;
        for (InputChannel channel : channels) {
            if (channel instanceof RemoteInputChannel remote) {
                BufferUsage exclusive = remote.exclusiveUsage();
                inUse += exclusive.inUse();
                capacity += exclusive.capacity();
                idleFloating += remote.idleFloatingSegments();
            }
        }
        if (floatingPool != null) {
            inUse += Math.max(0, floatingPool.segmentsInUse() - idleFloating);
            capacity += floatingPool.maxSegments();
        }
        return new BufferUsage(Math.min(inUse, capacity), capacity);
    }

    @Override
    public String toString() {
        return "input gate of " + owningTaskName + " (" + channels.length + " channels)";
    }
}
