package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;

/**
 * A non-parallel source emitting a fixed collection. The elements are written with the type's
 * serializer into one byte array when the program is built (so they need not be Java-serializable
 * and are shipped compactly), and read back one by one when the source runs.
 *
 * <p><b>Exactly once with checkpoints.</b> The number of elements emitted so far is the state (a
 * one-element list state {@code "from-elements-emitted"}), advanced together with each emission
 * under the checkpoint lock; after a restore the source skips that many elements and goes on with
 * the next. Without checkpoints it emits the collection once. Restored without a counter (the
 * source had finished before the checkpoint, so the checkpoint holds nothing of it), it emits
 * nothing — also when a job restored from a savepoint adds this source as a new operator.
 *
 * <p>{@link #run} runs on the source thread; {@link #initializeState} and {@link #snapshotState} on
 * the task thread (snapshots while holding the checkpoint lock); {@link #cancel} may be called from
 * any thread.
 */
public final class FromElementsFunction<T> implements SourceFunction<T>, CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    private final TypeSerializer<T> serializer;
    private final byte[] elements;
    private final int count;
    /** Written by the cancelling thread, read by the source thread. */
    private volatile boolean running = true;

    private transient ListState<Long> state;
    /** How many elements were emitted, counting those before a restore. Guarded by the checkpoint lock while run() runs. */
    private transient long emitted;

    /**
     * @throws IllegalArgumentException if an element cannot be serialized with {@code serializer}
     */
    public FromElementsFunction(TypeSerializer<T> serializer, Iterable<T> elements) {
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        DataOutputSerializer out = new DataOutputSerializer(256);
        int n = 0;
        for (T element : elements) {
            try {
                serializer.serialize(element, out);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("Cannot serialize element " + n + " (" + element + ") of the collection with "
                        + serializer.getClass().getSimpleName() + ": " + e.getMessage()
                        + ". Do all elements have the collection's type? Pass the type explicitly with fromCollection(collection, typeInfo)", e);
            }
            n++;
        }
        this.elements = out.getCopyOfBuffer();
        this.count = n;
    }

    /** The number of elements the source emits. */
    public int getNumberOfElements() {
        return count;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>("from-elements-emitted", Long.class));
        emitted = 0;
        if (context.isRestored()) {
            // The source runs with parallelism 1, so its one counter comes back; more than one means the state is not this source's.
            // None means the source had finished before the checkpoint (finished tasks take no part): nothing is left to emit.
            emitted = count;
            int n = 0;
            for (Long e : state.get()) {
                emitted = e;
                n++;
            }
            if (n > 1 || emitted < 0 || emitted > count) {
                throw new IllegalStateException("fromElements/fromCollection: the restored state is not a count of emitted elements (" + n
                        + " entries, last " + emitted + ", collection of " + count + "): was the state taken by another job or operator? "
                        + "Give this source another uid, or start without that savepoint");
            }
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        state.update(List.of(emitted));
    }

    @Override
    public void run(SourceContext<T> ctx) throws Exception {
        DataInputDeserializer in = new DataInputDeserializer(elements);
        TypeSerializer<T> reader = serializer.duplicate();
        Object lock = ctx.getCheckpointLock();
        long skip;
        synchronized (lock) {
            skip = emitted;
        }
        for (long i = 0; i < count && running; i++) {
            T element = readElement(reader, in, i);
            if (i < skip) {
                continue;
            }
            synchronized (lock) {
                ctx.collect(element);
                emitted = i + 1;
            }
        }
    }

    private static <T> T readElement(TypeSerializer<T> reader, DataInputDeserializer in, long index) {
        try {
            return reader.deserialize(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Bug: cannot read back element " + index + " of the collection source", e);
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
