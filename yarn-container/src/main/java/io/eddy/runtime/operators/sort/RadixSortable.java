package io.eddy.runtime.operators.sort;

/**
 * An {@link IndexedSortable} whose entries carry a key of {@link #keyBytes()} bytes that orders
 * them as unsigned bytes, first byte first: {@link RadixSort} distributes by those bytes and leaves
 * the rest to {@link #compare}.
 */
interface RadixSortable extends IndexedSortable {

    /** The number of key bytes of every entry. */
    int keyBytes();

    /** Byte {@code depth} of entry {@code i}'s key, 0..255, in sort order (a larger byte sorts later). */
    int keyByte(int i, int depth);

    /** Whether entries with equal key bytes compare equal, so nothing is left to sort after the last byte. */
    boolean keyIsWhole();

    /**
     * Whether entry {@code i}'s key bytes are its whole sort key, so entries with the same bytes
     * compare equal; true for every entry when {@link #keyIsWhole()}.
     */
    default boolean keyIsWholeAt(int i) {
        return keyIsWhole();
    }

    /** Adds to {@code counts[b]} the number of entries of {@code [from, to)} whose key byte {@code depth} is {@code b}. */
    default void countKeyBytes(int from, int to, int depth, int[] counts) {
        for (int i = from; i < to; i++) {
            counts[keyByte(i, depth)]++;
        }
    }
}
