package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * A non-parallel source emitting a fixed collection. The elements are written with the type's
 * serializer into one byte array when the program is built (so they need not be Java-serializable
 * and are shipped compactly), and read back one by one when the source runs.
 *
 * <p>{@link #run} runs on the task thread; {@link #cancel} may be called from another thread.
 */
public final class FromElementsFunction<T> implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final TypeSerializer<T> serializer;
    private final byte[] elements;
    private final int count;
    /** Written by the cancelling thread, read by the task thread. */
    private volatile boolean running = true;

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
    public void run(SourceContext<T> ctx) throws Exception {
        DataInputDeserializer in = new DataInputDeserializer(elements);
        TypeSerializer<T> reader = serializer.duplicate();
        for (int i = 0; i < count && running; i++) {
            T element;
            try {
                element = reader.deserialize(in);
            } catch (IOException e) {
                throw new UncheckedIOException("Bug: cannot read back element " + i + " of the collection source", e);
            }
            synchronized (ctx.getCheckpointLock()) {
                ctx.collect(element);
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
