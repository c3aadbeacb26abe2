package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.MemorySegment;
import java.io.IOException;
import java.io.Serializable;

/**
 * Compares and hashes values of one type by their key fields, both as objects and in serialized
 * form. Batch sorting relies on {@link #compareSerialized} and on normalized keys: a byte prefix
 * of the key, written by {@link #putNormalizedKey}, whose unsigned byte-wise order is the order of
 * the keys (when {@link #isNormalizedKeyPrefixOnly} is false for the bytes written, equal prefixes
 * mean equal keys).
 *
 * <p>Not thread-safe (the reference is state): each thread uses its own {@link #duplicate()}.
 */
public abstract class TypeComparator<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** A hash of the key fields of {@code record}, consistent with {@link #compare}. */
    public abstract int hash(T record);

    /** Remembers {@code toCompare} as the reference for {@link #equalToReference} and {@link #compareToReference}. */
    public abstract void setReference(T toCompare);

    public abstract boolean equalToReference(T candidate);

    /** Compares the reference of {@code referencedComparator} with this comparator's reference. */
    public abstract int compareToReference(TypeComparator<T> referencedComparator);

    public abstract int compare(T first, T second);

    /** Compares two serialized records read from the two views, without deserializing them where the type allows. */
    public abstract int compareSerialized(DataInputView firstSource, DataInputView secondSource) throws IOException;

    /**
     * Whether {@link #compareSerialized} compares the keys' bytes without making objects, so a
     * sorter settles ties of normalized keys with it instead of deserializing both records. False
     * unless a comparator says so.
     */
    public boolean comparesSerializedKeys() {
        return false;
    }

    public abstract boolean supportsNormalizedKey();

    /** The number of bytes of the full normalized key, or {@link Integer#MAX_VALUE} if it is unbounded. */
    public abstract int getNormalizeKeyLen();

    /** Whether {@code keyBytes} bytes of normalized key are only a prefix, so ties must be broken by {@link #compare}. */
    public abstract boolean isNormalizedKeyPrefixOnly(int keyBytes);

    /**
     * Whether the normalized key of {@code numBytes} bytes at {@code offset} of {@code key}, as
     * {@link #putNormalizedKey} wrote it, is the whole key of its record: two records with equal
     * such keys compare equal. Variable-length keys that fit their normalized key can say so per key
     * even though {@link #isNormalizedKeyPrefixOnly} is true for the type. By default, the answer
     * of {@link #isNormalizedKeyPrefixOnly} for every key.
     */
    public boolean isNormalizedKeyWhole(MemorySegment key, int offset, int numBytes) {
        return !isNormalizedKeyPrefixOnly(numBytes);
    }

    /** Writes the first {@code numBytes} bytes of the normalized key of {@code record} at {@code offset}. */
    public abstract void putNormalizedKey(T record, MemorySegment target, int offset, int numBytes);

    /** Whether the normalized key is inverted (descending order), so a sorter flips the comparison. */
    public abstract boolean invertNormalizedKey();

    /** The key fields of {@code record}, flattened, written to {@code target} from {@code index}; returns the count. */
    public abstract int extractKeys(Object record, Object[] target, int index);

    /** The comparators of the flattened key fields, in the order of {@link #extractKeys}. */
    @SuppressWarnings("rawtypes")
    public abstract TypeComparator[] getFlatComparators();

    public abstract TypeComparator<T> duplicate();
}
