package io.eddy.runtime.util;

import java.io.IOException;

/**
 * A pull iterator over records that may fill a caller's object instead of allocating: the form in
 * which sorters, merge iterators, hash tables and spill readers hand out records.
 *
 * <p>A returned object is valid until the next call; with {@link #next(Object)} it may be the
 * {@code reuse} instance itself, so callers that keep records must copy them.
 */
public interface MutableObjectIterator<E> {

    /** The next record, possibly written into {@code reuse}; null at the end. */
    E next(E reuse) throws IOException;

    /** The next record as a new object; null at the end. */
    E next() throws IOException;
}
