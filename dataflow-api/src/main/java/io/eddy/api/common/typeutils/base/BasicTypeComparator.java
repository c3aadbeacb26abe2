package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.core.memory.MemorySegment;

/**
 * Base of comparators over whole values of a {@link Comparable} type: the key is the value itself.
 * Subclasses add the binary comparison and the normalized key. Normalized keys are always written
 * in ascending order; for descending comparators {@link #invertNormalizedKey()} tells the sorter to
 * flip them.
 *
 * <p>Not thread-safe (the reference is state): each thread uses its own {@link #duplicate()}.
 */
public abstract class BasicTypeComparator<T extends Comparable<? super T>> extends TypeComparator<T> {

    private static final long serialVersionUID = 1L;

    protected final boolean ascending;
    /** The reference value; owned by the thread using this comparator. */
    private transient T reference;

    protected BasicTypeComparator(boolean ascending) {
        this.ascending = ascending;
    }

    public boolean isAscending() {
        return ascending;
    }

    @Override
    public int hash(T record) {
        return record.hashCode();
    }

    @Override
    public void setReference(T toCompare) {
        this.reference = toCompare;
    }

    @Override
    public boolean equalToReference(T candidate) {
        return candidate.equals(reference);
    }

    @Override
    @SuppressWarnings("unchecked")
    public int compareToReference(TypeComparator<T> referencedComparator) {
        T other = ((BasicTypeComparator<T>) referencedComparator).reference;
        int cmp = other.compareTo(reference);
        return ascending ? cmp : -cmp;
    }

    @Override
    public int compare(T first, T second) {
        int cmp = first.compareTo(second);
        return ascending ? cmp : -cmp;
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

    /** Applies the sort direction to an ascending comparison result. */
    protected final int direction(int ascendingResult) {
        return ascending ? ascendingResult : -ascendingResult;
    }

    /**
     * Writes the lowest {@code len} bytes of {@code key} big-endian, cut to or padded with zeros to
     * {@code numBytes}.
     */
    protected static void putKeyBytes(long key, int len, MemorySegment target, int offset, int numBytes) {
        if (numBytes == len) {
            switch (len) {
                case 8: target.putLong(offset, key); return;
                case 4: target.putInt(offset, (int) key); return;
                case 2: target.putShort(offset, (short) key); return;
                case 1: target.put(offset, (byte) key); return;
                default: break;
            }
        }
        int n = Math.min(len, numBytes);
        for (int i = 0; i < n; i++) {
            target.put(offset + i, (byte) (key >>> ((len - 1 - i) * 8)));
        }
        for (int i = n; i < numBytes; i++) {
            target.put(offset + i, (byte) 0);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((BasicTypeComparator<?>) o).ascending == ascending;
    }

    @Override
    public int hashCode() {
        return getClass().hashCode() * 31 + (ascending ? 1 : 0);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + (ascending ? "(asc)" : "(desc)");
    }
}
