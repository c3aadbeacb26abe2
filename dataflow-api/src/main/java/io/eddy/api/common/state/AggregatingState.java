package io.eddy.api.common.state;

/**
 * One accumulator per key, to which values are added with the descriptor's {@code
 * AggregateFunction}; {@link #get} gives its result.
 */
public interface AggregatingState<IN, OUT> extends State {

    /** The result for the current key, or null if nothing was added. */
    OUT get() throws Exception;

    void add(IN value) throws Exception;
}
