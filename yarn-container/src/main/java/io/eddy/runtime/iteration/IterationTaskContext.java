package io.eddy.runtime.iteration;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.jobgraph.IterationSpec;
import java.io.Serializable;

/**
 * A task's view of the loop its vertex belongs to (a member of an {@code ITERATION} vertex group):
 * the superstep it computes and the loop's aggregators. Backs the {@code IterationRuntimeContext}
 * of the rich functions of the task's operators. Task thread only.
 */
public interface IterationTaskContext {

    /** The loop. */
    IterationSpec spec();

    /** The superstep the task computes now, from 1. */
    int superstep();

    /**
     * The first superstep of this run of the loop: 1, or the superstep after the snapshot a
     * restarted loop resumes from. The task opens its operators and reads its static inputs in it.
     */
    int firstSuperstep();

    /** Where this run of the loop resumes after an iteration snapshot, or null if it started at superstep 1. */
    IterationResume resumeOrNull();

    /**
     * This task's copy of aggregator {@code name}; reset when each superstep starts, its value sent
     * to the master when the superstep ends.
     *
     * @throws IllegalArgumentException if the loop has no aggregator of that name (the message lists them)
     */
    <A extends Aggregator<?>> A aggregator(String name);

    /**
     * The combined value of aggregator {@code name} over all tasks at the end of the previous
     * superstep; null in superstep 1 (in the first superstep of a resumed run: the snapshot's).
     *
     * @throws IllegalArgumentException if the loop has no aggregator of that name
     */
    <T extends Serializable> T previousAggregate(String name);
}
