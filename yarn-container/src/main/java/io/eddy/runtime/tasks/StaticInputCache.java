package io.eddy.runtime.tasks;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.memory.MemoryAllocationException;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.util.SpillingRecordBuffer;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamRecord;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;

/**
 * The records of one static input gate of a loop's task (an input from outside the loop), kept for
 * the later supersteps (docs/iterations.md): filled while superstep 1 reads the gate, replayed in
 * every later superstep as a {@link GateInput} that never waits. Records are kept serialized in a
 * {@link SpillingRecordBuffer}: a fixed number of managed-memory pages, then one spill file; so the
 * memory it takes is bounded whatever the input's size.
 *
 * <p>Life cycle: {@link #add}* (superstep 1) → {@link #replay()} per later superstep → {@link
 * #close()} (deletes the spill file and returns the pages). Task thread only.
 *
 * <p>The same cache buffers one superstep of a superstep-buffered gate (docs/iterations.md,
 * "Superstep-buffered exchanges"): {@link #add}* from the superstep's start → {@link #replay()}
 * in the gate's turn → {@link #clear()} when the superstep ended.
 */
final class StaticInputCache implements AutoCloseable {

    /** The managed-memory pages a cache takes (two of them buffer the spill file's I/O). */
    static final int PAGES = 16;

    private final SpillingRecordBuffer<Object> buffer;
    private final String owner;

    private StaticInputCache(SpillingRecordBuffer<Object> buffer, String owner) {
        this.buffer = buffer;
        this.owner = owner;
    }

    /**
     * A cache taking {@code pages} pages of {@code memoryManager}.
     *
     * @param owner names the gate and task, e.g. {@code "static input 1 (gate 0) of 'Join (1/2)'"}
     * @throws MemoryAllocationException if the worker has not that many pages free
     */
    static StaticInputCache create(TypeSerializer<Object> serializer, MemoryManager memoryManager, IOManager ioManager, int pages,
            String owner) throws MemoryAllocationException {
        return new StaticInputCache(SpillingRecordBuffer.allocate(serializer, memoryManager, pages, ioManager, "the cache of " + owner), owner);
    }

    /** Keeps {@code value}, in memory while the pages last, then in the spill file. */
    void add(Object value) throws IOException {
        if (!buffer.add(value)) {
            throw new IllegalStateException("Bug: the cache of " + owner + " is full but cannot spill: it was built without an IOManager");
        }
    }

    /** The number of records kept. */
    long size() {
        return buffer.size();
    }

    /** Whether records went to the spill file. */
    boolean spilled() {
        return buffer.spilled();
    }

    /** Forgets every record kept (deletes the spill file); the cache is filled anew. */
    void clear() throws IOException {
        buffer.clear();
    }

    /** A new pass over every record kept, as a gate that is always available and ends after the last record. */
    GateInput replay() throws IOException {
        return new Replay(buffer.pass());
    }

    /** A pass over nothing: the replay of a static input that its operator retained. */
    static GateInput nothing() {
        return new Replay(null);
    }

    @Override
    public void close() throws IOException {
        buffer.close();
    }

    /** A pass over the cache (none: nothing) as a gate of one channel: records, then the end of input. */
    private static final class Replay implements GateInput {
        private final SpillingRecordBuffer<Object>.Pass pass;
        private final StreamRecord<Object> reuse = new StreamRecord<>(null);
        private boolean ended;

        Replay(SpillingRecordBuffer<Object>.Pass pass) {
            this.pass = pass;
        }

        @Override
        public InputStatus pollNext() throws IOException {
            if (!ended && pass != null) {
                Object next = pass.next();
                if (next != null) {
                    reuse.replace(next);
                    return InputStatus.RECORD;
                }
                ended = true;
            }
            return InputStatus.END_OF_INPUT;
        }

        @Override
        public StreamElement record() {
            return reuse;
        }

        @Override
        public Object event() {
            return null;
        }

        @Override
        public int channelIndex() {
            return 0;
        }

        @Override
        public CompletableFuture<?> getAvailableFuture() {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {}

        @Override
        public int numberOfChannels() {
            return 1;
        }

        @Override
        public void blockChannel(int channel) {
            throw new UnsupportedOperationException("Bug: blocking the replay of a cached static input");
        }

        @Override
        public void unblockChannel(int channel) {
            throw new UnsupportedOperationException("Bug: unblocking the replay of a cached static input");
        }

        @Override
        public void setChannelEndListener(IntConsumer listener) {}

        @Override
        public void setEndOfEventTimeListener(IntConsumer listener) {}
    }
}
