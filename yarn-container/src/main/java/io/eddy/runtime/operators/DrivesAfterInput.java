package io.eddy.runtime.operators;

import java.util.concurrent.CompletableFuture;

/**
 * A head operator that keeps its task running after every input gate ended: a loop's head, which
 * goes on with supersteps fed by its back channel (docs/iterations.md). The task calls {@link
 * #afterInput()} once every input ended (after the last {@code endInput}), then runs mails until
 * the returned future completes; then it ends as usual. A failed future fails the task with its cause.
 */
public interface DrivesAfterInput {

    /**
     * Called on the task thread once every input gate ended.
     *
     * @return completes (from a mail on the task thread) when the operator has nothing more to do
     */
    CompletableFuture<Void> afterInput() throws Exception;
}
