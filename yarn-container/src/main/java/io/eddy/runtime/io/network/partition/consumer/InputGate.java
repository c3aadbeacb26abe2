package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.runtime.io.network.buffer.BufferUsage;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The input of a task on one edge: one input channel per producer subtask. Non-blocking: when
 * nothing is available, {@link #pollNext()} returns empty and {@link #getAvailableFuture()} tells
 * when to poll again.
 *
 * <p>Threads: polled by the consuming task thread only; the future may complete on any thread.
 */
public interface InputGate extends AutoCloseable {

    int numberOfChannels();

    /**
     * The next buffer or event of any channel. End-of-partition events are returned too (as events)
     * and mark their channel finished.
     *
     * @return empty if nothing is available now (or the gate is finished)
     * @throws IOException if a channel failed: its producer failed, the connection to its worker was
     *     lost, or its partition was not found in time
     */
    Optional<BufferOrEvent> pollNext() throws IOException, InterruptedException;

    /** Completed while something can be polled (or the gate is finished); otherwise completes when it can. */
    CompletableFuture<?> getAvailableFuture();

    /**
     * Holds channel {@code channelIndex} back: {@link #pollNext()} no longer returns its buffers or
     * events, which stay queued in the channel (so the producer is back-pressured through credit)
     * until {@link #unblockChannel}. Used for checkpoint barrier alignment. Task thread.
     */
    void blockChannel(int channelIndex);

    /** Lets a {@link #blockChannel blocked} channel be polled again (no-op if it is not blocked). Task thread. */
    void unblockChannel(int channelIndex);

    /**
     * The network buffers holding data of this gate that the task has not read yet, of the most its
     * remote channels may hold (exclusive and floating); {@link BufferUsage#NONE} for a gate of local
     * channels only, or a closed one. Any thread (the metrics reporter).
     */
    BufferUsage bufferUsage();

    /** Whether every channel delivered its end-of-partition event. */
    boolean isFinished();

    /** Releases all channels and their buffers; idempotent. */
    @Override
    void close();
}
