package io.eddy.runtime.iteration;

import java.util.concurrent.CompletableFuture;

/**
 * How a loop's head operator drives its own task through supersteps (docs/iterations.md). Handed
 * to the head through its task environment; only tasks of the loop's head vertex have one. Task
 * thread only.
 *
 * <pre>
 *   superstep 1: records of the initial input ─▶ endSuperstep() ─▶ decision (a mail)
 *   continue:    startNextSuperstep(decision) ─▶ records of the back channel ─▶ endSuperstep() ─▶ …
 *   terminate:   the head emits the result on its result output and lets its task end
 * </pre>
 */
public interface SuperstepControl {

    /**
     * Ends the current superstep of the head's task: ends it in every operator of the chain (head
     * first, so buffered records flow on), emits {@code EndOfSuperstep} on every network output,
     * and reports the task's aggregates to the master.
     *
     * @return completes, on the task thread (as a mail), with the master's decision once every task
     *     of the loop finished this superstep; fails if the job's loop was cancelled
     */
    CompletableFuture<SuperstepDecision> endSuperstep();

    /**
     * Starts superstep {@code decision.superstep() + 1} after a decision to continue: sets the task's
     * superstep and previous aggregates, starts it in every operator of the chain (tail first), and
     * emits {@code SuperstepStart} with the aggregates on every network output, ahead of the
     * superstep's records.
     *
     * @throws IllegalArgumentException if {@code decision} terminates the loop or is not about the current superstep
     */
    void startNextSuperstep(SuperstepDecision decision);
}
