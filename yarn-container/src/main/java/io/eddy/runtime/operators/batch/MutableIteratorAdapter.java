package io.eddy.runtime.operators.batch;

import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * A {@link MutableObjectIterator} as an {@link Iterator} of fresh objects (one record of
 * look-ahead). Read errors surface as {@link UncheckedIOException}, which the drivers unwrap.
 * Task thread only.
 */
final class MutableIteratorAdapter<T> implements Iterator<T> {

    private final MutableObjectIterator<T> input;
    private T next;
    private boolean fetched;

    MutableIteratorAdapter(MutableObjectIterator<T> input) {
        this.input = input;
    }

    @Override
    public boolean hasNext() {
        if (!fetched) {
            try {
                next = input.next();
            } catch (IOException e) {
                throw new UncheckedIOException("Reading the next sorted record failed: " + e.getMessage(), e);
            }
            fetched = true;
        }
        return next != null;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException("The sorted input is exhausted (check hasNext())");
        }
        fetched = false;
        T value = next;
        next = null;
        return value;
    }
}
