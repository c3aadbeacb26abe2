package io.eddy.runtime.io.network.partition;

import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferConsumer;
import io.eddy.runtime.io.network.event.EventSerializer;
import java.io.IOException;
import java.util.ArrayDeque;

/**
 * One consumer's share of a result partition: a queue of buffers (finished ones, then the one the
 * writer is filling) read by exactly one {@link SubpartitionView}.
 *
 * <p>Visibility rules: a finished buffer (or an event) can be polled; the buffer being filled can be
 * polled only after a {@link #flush()}, and then only what the writer has committed. After a poll
 * that found nothing, the reader is "waiting" and the next change that makes something pollable
 * notifies its listener once.
 *
 * <p>Threads: all fields are guarded by {@code queue}; the producing task thread adds, the reader
 * (task thread of the consumer or a Netty event loop) polls, the output flusher flushes, and any
 * thread may fail or release. Listeners are called outside the lock.
 */
final class PipelinedSubpartition extends ResultSubpartition {

    private final ResultPartition parent;
    private final int index;
    private final ArrayDeque<BufferConsumer> queue = new ArrayDeque<>();
    private boolean flushRequested;
    private boolean finished;
    private boolean consumed;
    private boolean released;
    private Throwable failure;
    private BufferAvailabilityListener listener;
    private boolean readerWaiting;

    PipelinedSubpartition(ResultPartition parent, int index) {
        this.parent = parent;
        this.index = index;
    }

    /** Queues a buffer (or event); returns false and closes it if the subpartition was released or failed. */
    @Override
    boolean add(BufferConsumer consumer, boolean endOfPartition) {
        BufferAvailabilityListener toNotify;
        synchronized (queue) {
            if (released || failure != null || finished) {
                consumer.close();
                return false;
            }
            queue.add(consumer);
            finished = endOfPartition;
            toNotify = pollableNotificationLocked();
        }
        notify(toNotify);
        return true;
    }

    /** The writer finished the buffer it was filling (it became pollable). */
    @Override
    void notifyBufferFinished() {
        BufferAvailabilityListener toNotify;
        synchronized (queue) {
            toNotify = pollableNotificationLocked();
        }
        notify(toNotify);
    }

    /** Makes the committed part of the buffer being filled visible to the reader. */
    @Override
    void flush() {
        BufferAvailabilityListener toNotify;
        synchronized (queue) {
            if (queue.isEmpty()) {
                return;
            }
            flushRequested = true;
            toNotify = pollableNotificationLocked();
        }
        notify(toNotify);
    }

    @Override
    void fail(Throwable cause) {
        BufferAvailabilityListener toNotify;
        synchronized (queue) {
            if (failure != null || released) {
                return;
            }
            failure = cause;
            closeQueuedLocked();
            toNotify = listener;
            readerWaiting = false;
        }
        notify(toNotify);
    }

    @Override
    void release() {
        BufferAvailabilityListener toNotify;
        synchronized (queue) {
            if (released) {
                return;
            }
            released = true;
            closeQueuedLocked();
            toNotify = consumed ? null : listener;
            readerWaiting = false;
        }
        notify(toNotify);
    }

    @Override
    SubpartitionView createView(BufferAvailabilityListener availabilityListener) throws IOException {
        synchronized (queue) {
            if (listener != null) {
                throw new IOException("Subpartition " + index + " of " + parent.id() + " is already being read: a pipelined"
                        + " subpartition has exactly one consumer");
            }
            listener = availabilityListener;
            readerWaiting = true;
            return new PipelinedSubpartitionView(this);
        }
    }

    BufferAndBacklog pollBuffer() throws IOException {
        boolean nowConsumed = false;
        BufferAndBacklog result;
        synchronized (queue) {
            checkReadableLocked();
            result = pollLocked();
            if (result != null && finished && queue.isEmpty() && EventSerializer.isEndOfPartition(result.buffer())) {
                consumed = true;
                nowConsumed = true;
            }
        }
        if (nowConsumed) {
            parent.onSubpartitionConsumed(index);
        }
        return result;
    }

    /** Guarded by queue. */
    private BufferAndBacklog pollLocked() {
        while (true) {
            BufferConsumer head = queue.peek();
            if (head == null) {
                flushRequested = false;
                readerWaiting = true;
                return null;
            }
            boolean last = queue.size() == 1;
            if (last && !head.isBuilderFinished() && !flushRequested) {
                readerWaiting = true;
                return null;
            }
            if (!last && !head.isBuilderFinished()) {
                throw new IllegalStateException("Bug: an unfinished buffer is followed by another one in " + this);
            }
            Buffer buffer = head.build();
            if (head.isFinished()) {
                queue.poll();
                head.close();
            }
            if (last) {
                flushRequested = false;
            }
            if (buffer == null) {
                continue;
            }
            boolean more = isPollableLocked();
            readerWaiting = !more;
            return new BufferAndBacklog(buffer, queue.size(), more);
        }
    }

    private void checkReadableLocked() throws IOException {
        if (failure != null) {
            throw new ProducerFailedException("The producer of " + parent.id() + " (task " + parent.owningTaskName()
                    + ") failed: " + failure, failure);
        }
        if (released && !consumed) {
            throw new IOException("Subpartition " + index + " of " + parent.id() + " was released: the producer (task "
                    + parent.owningTaskName() + ") was cancelled or its job ended");
        }
    }

    boolean isAvailable() {
        synchronized (queue) {
            return isPollableLocked();
        }
    }

    boolean isErroneous() {
        synchronized (queue) {
            return failure != null || (released && !consumed);
        }
    }

    int backlog() {
        synchronized (queue) {
            return queue.size();
        }
    }

    /** Guarded by queue. */
    private boolean isPollableLocked() {
        if (failure != null || (released && !consumed)) {
            return true;
        }
        BufferConsumer head = queue.peek();
        if (head == null) {
            return false;
        }
        return queue.size() > 1 || head.isBuilderFinished() || (flushRequested && head.hasUnreadData());
    }

    /** Guarded by queue: the listener to notify if the reader waits and something became pollable. */
    private BufferAvailabilityListener pollableNotificationLocked() {
        if (readerWaiting && listener != null && isPollableLocked()) {
            readerWaiting = false;
            return listener;
        }
        return null;
    }

    private void closeQueuedLocked() {
        BufferConsumer consumer;
        while ((consumer = queue.poll()) != null) {
            consumer.close();
        }
    }

    private static void notify(BufferAvailabilityListener listener) {
        if (listener != null) {
            listener.notifyDataAvailable();
        }
    }

    @Override
    public String toString() {
        return "subpartition " + index + " of " + parent.id();
    }
}
