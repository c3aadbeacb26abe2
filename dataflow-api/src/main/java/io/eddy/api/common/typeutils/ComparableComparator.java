package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;

/**
 * Compares values of any {@link Comparable} type with {@code compareTo}; serialized values are
 * deserialized with the type's serializer first. No normalized key.
 *
 * <p>Not thread-safe (reference, serializer): each thread uses its own {@link #duplicate()}.
 */
public final class ComparableComparator<T extends Comparable<T>> extends TypeComparator<T> {

    private static final long serialVersionUID = 1L;

    private final boolean ascending;
    private final TypeSerializer<T> serializer;
    /** Owned by the thread using this comparator. */
    private transient T reference;

    public ComparableComparator(boolean ascending, TypeSerializer<T> serializer) {
        this.ascending = ascending;
        this.serializer = serializer;
    }

    @Override
    public int hash(T record) {
        return record.hashCode();
    }

    @Override
    public void setReference(T toCompare) {
        reference = toCompare;
    }

    @Override
    public boolean equalToReference(T candidate) {
        return candidate.equals(reference);
    }

    @Override
    @SuppressWarnings("unchecked")
    public int compareToReference(TypeComparator<T> referencedComparator) {
        T other = ((ComparableComparator<T>) referencedComparator).reference;
        return compare(other, reference);
    }

    @Override
    public int compare(T first, T second) {
        int cmp = first.compareTo(second);
        return ascending ? cmp : -cmp;
    }

    @Override
    public int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException {
        return compare(serializer.deserialize(firstSource), serializer.deserialize(secondSource));
    }

    @Override
    public boolean supportsNormalizedKey() {
        return false;
    }

    @Override
    public int getNormalizeKeyLen() {
        return 0;
    }

    @Override
    public boolean isNormalizedKeyPrefixOnly(int keyBytes) {
        return true;
    }

    @Override
    public void putNormalizedKey(T record, MemorySegment target, int offset, int numBytes) {
        throw new UnsupportedOperationException("ComparableComparator has no normalized key (supportsNormalizedKey() is false)");
    }

    @Override
    public boolean invertNormalizedKey() {
        return !ascending;
    }

    @Override
    public int extractKeys(Object record, Object[] target, int index) {
        target[index] = record;
        return 1;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public TypeComparator[] getFlatComparators() {
        return new TypeComparator[] {this};
    }

    @Override
    public ComparableComparator<T> duplicate() {
        return new ComparableComparator<>(ascending, serializer.duplicate());
    }
}
