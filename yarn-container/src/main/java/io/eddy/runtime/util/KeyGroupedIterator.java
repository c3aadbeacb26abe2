package io.eddy.runtime.util;

import io.eddy.api.common.typeutils.TypeComparator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Hands out the records of a key-sorted input one group of equal keys at a time: the form a
 * group-reduce or combine driver consumes.
 *
 * <pre>
 *   while (groups.nextKey()) {
 *       function.reduce(groups.getValues(), out);   // all records with the current key
 *   }
 * </pre>
 *
 * <p>{@link #nextKey()} moves to the next group, skipping what the caller left unread of the
 * current one. Records come from {@link MutableObjectIterator#next()}, so every value handed out
 * is a fresh object the caller may keep. An {@link IOException} of the input while iterating the
 * values surfaces as an {@link UncheckedIOException} (the {@link Iterator} contract has no checked
 * exceptions); drivers unwrap it.
 *
 * <p>Not thread-safe: owned by the thread that drives the reduce.
 */
public final class KeyGroupedIterator<T> {

    private final MutableObjectIterator<T> input;
    private final TypeComparator<T> comparator;
    /** The first record not yet handed out, or null at the end of the input. */
    private T lookahead;
    private boolean started;
    private ValuesIterator current;

    /**
     * @param input records sorted (or at least grouped) by the key of {@code comparator}
     * @param comparator the grouping key; used by this iterator only (pass a duplicate if shared)
     */
    public KeyGroupedIterator(MutableObjectIterator<T> input, TypeComparator<T> comparator) {
        this.input = input;
        this.comparator = comparator;
    }

    /**
     * Moves to the next group of equal keys.
     *
     * @return false when the input has no further record
     */
    public boolean nextKey() throws IOException {
        if (!started) {
            started = true;
            lookahead = input.next();
        } else if (current != null) {
            // Skip what the caller did not read of the previous group.
            while (lookahead != null && comparator.equalToReference(lookahead)) {
                lookahead = input.next();
            }
        }
        if (lookahead == null) {
            current = null;
            return false;
        }
        comparator.setReference(lookahead);
        current = new ValuesIterator(lookahead);
        return true;
    }

    /** The first record of the current group (it carries the group's key). */
    public T getCurrent() {
        if (current == null) {
            throw new IllegalStateException("KeyGroupedIterator: no current group (call nextKey() first and check that it returned true)");
        }
        return current.first;
    }

    /** The records of the current group, the first one included; valid until the next {@link #nextKey()}. */
    public Iterator<T> getValues() {
        if (current == null) {
            throw new IllegalStateException("KeyGroupedIterator: no current group (call nextKey() first and check that it returned true)");
        }
        return current;
    }

    /** The values of one group; reads from the shared lookahead until the key changes. */
    private final class ValuesIterator implements Iterator<T> {
        private final T first;

        ValuesIterator(T first) {
            this.first = first;
        }

        @Override
        public boolean hasNext() {
            return current == this && lookahead != null && comparator.equalToReference(lookahead);
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException("KeyGroupedIterator: the current group has no further value");
            }
            T value = lookahead;
            try {
                lookahead = input.next();
            } catch (IOException e) {
                throw new UncheckedIOException("KeyGroupedIterator: reading the next record of the sorted input failed", e);
            }
            return value;
        }
    }
}
