package io.eddy.iteration.runtime;

import io.eddy.runtime.iteration.SuperstepControl;
import io.eddy.runtime.iteration.SuperstepDecision;
import java.util.concurrent.CompletableFuture;

/**
 * The superstep loop a loop head drives (docs/iterations.md, the superstep protocol): it ends the
 * current superstep through the task's {@link SuperstepControl} and acts on the master's decision,
 * which arrives as a mail on the task thread: on continue it starts the next superstep, lets the
 * head feed it ({@link Head#feedNext}) and ends it in turn; on terminate it lets the head emit the
 * result ({@link Head#emitResult}) and completes {@link #loopEnd()}. A decision about another
 * superstep, a failed decision, or a failure of the head's actions fails {@link #loopEnd()}, which
 * the task waits on ({@code DrivesAfterInput}). Task thread only.
 */
final class HeadSupersteps {

    /** What a head does with a decision. */
    interface Head {
        /**
         * Superstep {@code sealed} + 1 started: emit its input, the records the tails sealed for
         * {@code sealed}; with a {@code snapshotDirOrNull}, also write the lane's snapshot of
         * {@code sealed} there (complete before this returns).
         */
        void feedNext(int sealed, String snapshotDirOrNull) throws Exception;

        /** The loop ends after superstep {@code last}: emit the result. */
        void emitResult(int last) throws Exception;
    }

    private final String description;
    private final SuperstepControl control;
    private final Head head;
    private final CompletableFuture<Void> loopEnd = new CompletableFuture<>();
    /** The superstep the head's task computes now, from the run's first. */
    private int superstep;

    /**
     * @param description names the head in errors, e.g. {@code "the head of iteration 'x' (operator 'y (1/2)')"}
     * @param firstSuperstep the run's first superstep: 1, or the one a resumed loop starts with
     */
    HeadSupersteps(String description, SuperstepControl control, Head head, int firstSuperstep) {
        this.description = description;
        this.control = control;
        this.head = head;
        this.superstep = firstSuperstep;
    }

    /** Completes when the loop ended (the result is emitted) or fails with why it could not go on. */
    CompletableFuture<Void> loopEnd() {
        return loopEnd;
    }

    /** The head's records of the current superstep went out: end the superstep and act on the decision when it arrives. */
    void endSuperstep() {
        control.endSuperstep().whenComplete((decision, failure) -> {
            if (failure != null) {
                loopEnd.completeExceptionally(new IllegalStateException(capitalized() + " got no decision after superstep " + superstep
                        + ": " + failure, failure));
                return;
            }
            // A failure here must reach the task through loopEnd: the control's future would only swallow it.
            try {
                onDecision(decision);
            } catch (Throwable t) {
                loopEnd.completeExceptionally(t);
            }
        });
    }

    private void onDecision(SuperstepDecision decision) throws Exception {
        if (decision.superstep() != superstep) {
            throw new IllegalStateException("Bug: " + description + " computes superstep " + superstep + " but got " + decision);
        }
        if (decision.terminate()) {
            head.emitResult(decision.superstep());
            loopEnd.complete(null);
            return;
        }
        control.startNextSuperstep(decision);
        superstep = decision.superstep() + 1;
        head.feedNext(decision.superstep(), decision.snapshotDirOrNull());
        endSuperstep();
    }

    private String capitalized() {
        return Character.toUpperCase(description.charAt(0)) + description.substring(1);
    }
}
