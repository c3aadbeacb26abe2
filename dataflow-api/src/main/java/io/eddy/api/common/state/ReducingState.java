package io.eddy.api.common.state;

/** One value per key, combined with each added value by the descriptor's {@code ReduceFunction}. */
public interface ReducingState<T> extends State {

    /** The reduced value of the current key, or null if nothing was added. */
    T get() throws Exception;

    /** Reduces {@code value} into the current key's value. */
    void add(T value) throws Exception;
}
