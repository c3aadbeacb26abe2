package io.eddy.runtime.tasks;

import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.iteration.SuperstepDecision;
import java.util.concurrent.CompletableFuture;

/**
 * The {@link SuperstepControl} of a loop's head task: ends and starts supersteps through the task's
 * {@link SuperstepCycle}; the master's decision arrives as a mail ({@link Task#superstepDecision})
 * and completes the future {@link #endSuperstep()} returned, on the task thread. Task thread only.
 */
final class HeadSuperstepControl implements SuperstepControl {

    private final SuperstepCycle cycle;
    private final String taskName;
    /** The decision awaited for the superstep that ended, or null while a superstep runs. */
    private CompletableFuture<SuperstepDecision> pending;

    HeadSuperstepControl(SuperstepCycle cycle, String taskName) {
        this.cycle = cycle;
        this.taskName = taskName;
    }

    @Override
    public CompletableFuture<SuperstepDecision> endSuperstep() {
        if (pending != null) {
            throw new IllegalStateException("Bug: the head of task '" + taskName + "' ended superstep " + cycle.superstep()
                    + " twice (a decision is awaited)");
        }
        cycle.end();
        pending = new CompletableFuture<>();
        return pending;
    }

    /** The master decided about the superstep that ended: completes the awaited future. */
    void decided(SuperstepDecision decision) {
        if (pending == null || decision.superstep() != cycle.superstep()) {
            throw new IllegalStateException("Bug: task '" + taskName + "' got " + decision + " in superstep " + cycle.superstep()
                    + (pending == null ? ", which has not ended" : ""));
        }
        CompletableFuture<SuperstepDecision> awaited = pending;
        pending = null;
        awaited.complete(decision);
    }

    @Override
    public void startNextSuperstep(SuperstepDecision decision) {
        if (decision.terminate() || decision.superstep() != cycle.superstep() || pending != null) {
            throw new IllegalArgumentException("Bug: the head of task '" + taskName + "' starts the next superstep after " + decision
                    + " in superstep " + cycle.superstep() + (pending != null ? " before the decision arrived" : "")
                    + " (expected: a decision to continue after the current superstep)");
        }
        cycle.begin(decision.superstep() + 1, decision.aggregatesBytes());
        cycle.startOperators();
    }
}
