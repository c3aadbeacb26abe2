package io.eddy.api.common.functions;

/**
 * An incremental aggregation: values are added one at a time to an accumulator, which gives the
 * result. Used by aggregating state and by window {@code aggregate}. Accumulators may be mutated
 * and returned (no copy is required), and {@link #merge} combines two accumulators (merging
 * session windows call it).
 *
 * @param <IN> the type of the values added
 * @param <ACC> the type of the accumulator (kept in state, so it needs a serializer)
 * @param <OUT> the type of the result
 */
public interface AggregateFunction<IN, ACC, OUT> extends Function {

    /** A new, empty accumulator. */
    ACC createAccumulator();

    /** Adds {@code value} to {@code accumulator}; returns the updated accumulator (may be the same object). */
    ACC add(IN value, ACC accumulator);

    /** The result for {@code accumulator}; must not change the accumulator. */
    OUT getResult(ACC accumulator);

    /** Combines two accumulators into one; returns the result (may be one of the two, changed). */
    ACC merge(ACC a, ACC b);
}
