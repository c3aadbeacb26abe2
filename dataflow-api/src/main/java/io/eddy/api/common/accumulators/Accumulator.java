package io.eddy.api.common.accumulators;

import java.io.Serializable;

/**
 * A value that parallel instances add to locally and that the runtime merges across them when the
 * job ends. {@code V} is what is added, {@code R} the result.
 */
public interface Accumulator<V, R extends Serializable> extends Serializable {

    void add(V value);

    R getLocalValue();

    void resetLocal();

    /** Adds {@code other}'s local value to this one's. */
    void merge(Accumulator<V, R> other);

    Accumulator<V, R> clone();
}
