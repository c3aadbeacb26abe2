package io.eddy.runtime.io.network.partition;

import io.eddy.runtime.io.network.buffer.Buffer;
import java.io.IOException;
import java.util.List;

/**
 * One reader of one blocking subpartition: reads the subpartition from its first buffer to its
 * end-of-partition event, from memory or from the spill file. Several views of one subpartition
 * read independently. Nothing is readable before the producer finished; the listener is told when
 * it has (or failed, or the data was released).
 *
 * <p>Threads: polled by one thread at a time; {@link #next} and {@link #entries} are written only
 * by the polling thread and volatile so that {@link #isAvailable()} may be asked from another.
 */
final class BlockingSubpartitionView implements SubpartitionView {

    private final BlockingPartitionData data;
    private final int subpartition;
    private final BufferAvailabilityListener listener;
    private volatile List<BlockingPartitionData.Entry> entries;
    private volatile int next;
    private volatile boolean released;

    BlockingSubpartitionView(BlockingPartitionData data, int subpartition, BufferAvailabilityListener listener) {
        this.data = data;
        this.subpartition = subpartition;
        this.listener = listener;
    }

    @Override
    public BufferAndBacklog getNextBuffer() throws IOException {
        if (released) {
            throw new IOException("Bug: a released reader of subpartition " + subpartition + " of " + data + " was polled");
        }
        List<BlockingPartitionData.Entry> readable = entries;
        if (readable == null) {
            readable = data.entriesIfFinished(subpartition);
            if (readable == null) {
                return null;
            }
            entries = readable;
        } else {
            data.checkReadable(subpartition);
        }
        int position = next;
        if (position >= readable.size()) {
            return null;
        }
        Buffer buffer = data.read(subpartition, readable.get(position));
        next = position + 1;
        int backlog = readable.size() - position - 1;
        return new BufferAndBacklog(buffer, backlog, backlog > 0);
    }

    @Override
    public boolean isAvailable() {
        if (released) {
            return false;
        }
        if (data.isErroneous()) {
            return true;
        }
        return data.isFinished() && backlog() > 0;
    }

    @Override
    public boolean isErroneous() {
        return data.isErroneous();
    }

    @Override
    public int backlog() {
        List<BlockingPartitionData.Entry> readable = entries;
        if (readable == null) {
            readable = data.indexIfFinished(subpartition);
        }
        return readable == null ? 0 : readable.size() - next;
    }

    @Override
    public void release() {
        if (!released) {
            released = true;
            data.removeView(this);
        }
    }

    void notifyListener() {
        if (!released) {
            listener.notifyDataAvailable();
        }
    }

    @Override
    public String toString() {
        return "reader of subpartition " + subpartition + " of " + data;
    }
}
