package io.eddy.runtime.operators.batch;

import java.util.Iterator;

/**
 * The {@link Iterable} a batch driver hands to {@code mapPartition}, {@code reduce} of a group
 * reduce or {@code combine}: it reads the records once from a sorter, a spill file or the input,
 * so only the first {@link #iterator()} call succeeds. Task thread only.
 */
public final class TraversableOnceIterable<T> implements Iterable<T> {

    private final Iterator<T> iterator;
    private final String what;
    private boolean handedOut;

    /**
     * @param iterator the records
     * @param what the function and operator, for the error message, e.g. {@code "the group of GroupReduce (1/2)"}
     */
    public TraversableOnceIterable(Iterator<T> iterator, String what) {
        this.iterator = iterator;
        this.what = what;
    }

    @Override
    public Iterator<T> iterator() {
        if (handedOut) {
            throw new IllegalStateException("The Iterable of " + what + " can be iterated only once: its records are read"
                    + " from a sorter or spill file as they are consumed. Copy the values into a collection of your own"
                    + " during the first iteration if you need them twice.");
        }
        handedOut = true;
        return iterator;
    }
}
