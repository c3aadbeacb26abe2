package io.eddy.api.common.io;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.IOException;
import java.util.Collection;
import java.util.Objects;

/**
 * The elements of a collection given in the program. The elements are serialized with their
 * {@link TypeSerializer} when the format is created, so the format is {@code Serializable}
 * whatever the element type, and later changes to the collection are not seen.
 *
 * <p>Parallel: the elements are cut into {@code minNumSplits} contiguous ranges of nearly equal
 * size; each split produces its range in the collection's order (the order across splits depends
 * on scheduling). A source that must keep the whole order runs with parallelism 1.
 *
 * @param <T> the type of the elements
 */
public final class CollectionInputFormat<T> extends GenericInputFormat<T> {

    private static final long serialVersionUID = 1L;

    private final TypeSerializer<T> serializer;
    private final byte[] data;
    /** The offset in {@link #data} of each element, plus the total length at the end. */
    private final int[] offsets;

    private transient DataInputDeserializer input;
    private transient int nextElement;
    private transient int endElement;

    /**
     * @throws IllegalArgumentException if an element cannot be serialized (the message names it)
     */
    public CollectionInputFormat(Collection<? extends T> elements, TypeSerializer<T> serializer) {
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        DataOutputSerializer out = new DataOutputSerializer(256);
        this.offsets = new int[elements.size() + 1];
        int i = 0;
        for (T element : elements) {
            offsets[i++] = out.length();
            try {
                serializer.serialize(element, out);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("CollectionInputFormat: element " + (i - 1) + " (" + element
                        + ") cannot be serialized with " + serializer.getClass().getSimpleName() + ": " + e
                        + "; give the element type explicitly or make the elements serializable", e);
            }
        }
        offsets[i] = out.length();
        this.data = out.getCopyOfBuffer();
    }

    /** The number of elements. */
    public int size() {
        return offsets.length - 1;
    }

    @Override
    public BaseStatistics getStatistics(BaseStatistics cached) {
        int n = size();
        return new BaseStatistics(data.length, n, n == 0 ? 0 : (float) data.length / n);
    }

    @Override
    public void open(GenericInputSplit split) throws IOException {
        super.open(split);
        int n = size();
        int base = n / totalPartitions;
        int extra = n % totalPartitions;
        nextElement = base * partitionNumber + Math.min(partitionNumber, extra);
        endElement = nextElement + base + (partitionNumber < extra ? 1 : 0);
        input = new DataInputDeserializer(data, offsets[nextElement], offsets[endElement] - offsets[nextElement]);
    }

    @Override
    public boolean reachedEnd() {
        return nextElement >= endElement;
    }

    @Override
    public T nextRecord(T reuse) throws IOException {
        if (nextElement >= endElement) {
            return null;
        }
        nextElement++;
        return serializer.deserialize(input);
    }

    @Override
    public String toString() {
        return "CollectionInputFormat (" + size() + " elements)";
    }
}
