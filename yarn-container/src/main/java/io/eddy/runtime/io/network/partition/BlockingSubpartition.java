package io.eddy.runtime.io.network.partition;

import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferConsumer;
import java.io.IOException;

/**
 * The writer's side of one subpartition of a blocking partition: each buffer is copied into the
 * partition's {@link BlockingPartitionData} (memory, then spill file) as soon as the writer
 * finishes it, and its network segment goes back to the pool at once, so a blocking partition never
 * holds network buffers while it waits for its consumers. Flushes do nothing: nothing is readable
 * before the producer finished.
 *
 * <p>Threads: {@link #current} belongs to the producing task thread; everything shared lives in
 * the data object.
 */
final class BlockingSubpartition extends ResultSubpartition {

    private final BlockingPartitionData data;
    private final int index;
    /** Owned by the producing task thread: the buffer the writer is filling, or null. */
    private BufferConsumer current;

    BlockingSubpartition(BlockingPartitionData data, int index) {
        this.data = data;
        this.index = index;
    }

    @Override
    boolean add(BufferConsumer consumer, boolean endOfPartition) {
        if (data.isErroneous()) {
            consumer.close();
            return false;
        }
        if (consumer.isBuilderFinished()) {
            materialize(consumer);
        } else {
            if (current != null) {
                throw new IllegalStateException("Bug: a second unfinished buffer was added to subpartition " + index + " of " + data);
            }
            current = consumer;
        }
        if (endOfPartition) {
            data.subpartitionFinished();
        }
        return true;
    }

    @Override
    void notifyBufferFinished() {
        BufferConsumer finished = current;
        current = null;
        if (finished != null) {
            materialize(finished);
        }
    }

    private void materialize(BufferConsumer consumer) {
        try {
            Buffer buffer = consumer.build();
            if (buffer != null) {
                try {
                    data.append(index, buffer);
                } finally {
                    buffer.recycle();
                }
            }
        } finally {
            consumer.close();
        }
    }

    @Override
    void flush() {
        // Nothing is visible before the producer finished: a flush has nothing to publish.
    }

    @Override
    void fail(Throwable cause) {
        data.fail(cause);
    }

    @Override
    void release() {
        data.release();
    }

    @Override
    SubpartitionView createView(BufferAvailabilityListener listener) throws IOException {
        return data.createView(index, listener);
    }

    @Override
    public String toString() {
        return "subpartition " + index + " of " + data;
    }
}
