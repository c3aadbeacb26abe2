package io.eddy.api.common.aggregators;

import java.io.Serializable;

/**
 * A value that the tasks of an iteration add to during a superstep and that is combined over all
 * of them at the superstep's end: every parallel instance of a function inside the loop adds to its
 * own copy ({@code IterationRuntimeContext.getIterationAggregator(name)}), the copies' {@link
 * #getAggregate() aggregates} are folded into one with {@link #aggregate}, and the combined value
 * is what the next superstep reads ({@code getPreviousIterationAggregate(name)}) and what
 * convergence criteria test.
 *
 * <p>{@link #aggregate} must be commutative and associative, so the order in which copies are
 * combined does not matter. A copy is used by one thread at a time; the runtime calls {@link
 * #reset} before each superstep.
 *
 * @param <T> the type of the aggregate; it travels to the master and back, so it must be serializable
 */
public interface Aggregator<T extends Serializable> extends Serializable {

    /** The aggregate of what was added since the last {@link #reset}. */
    T getAggregate();

    /** Adds {@code element}: a value of the superstep, or another copy's aggregate. */
    void aggregate(T element);

    /** Forgets what was added: the aggregate becomes the neutral value. */
    void reset();
}
