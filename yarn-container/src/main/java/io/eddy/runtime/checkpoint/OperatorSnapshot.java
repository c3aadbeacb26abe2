package io.eddy.runtime.checkpoint;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * What {@code StreamOperator.snapshotState} returns: its synchronous part is done (a consistent
 * copy of the state is held, copy-on-write where the state is large); {@link #asyncPart} writes it
 * to checkpoint storage off the task thread and returns the handles. An operator without state
 * returns {@link #EMPTY}.
 *
 * <p>{@link #ready} defers the asynchronous part: the task runs its snapshot's asynchronous parts
 * once every operator's {@code ready} completed, and declines the checkpoint if one fails. A
 * streaming loop's head uses it: its state (the feedback in flight) is complete only when the
 * checkpoint's barrier came back around the loop. Most operators are ready at once.
 *
 * @param ready completes when {@code asyncPart} may run (on any thread; usually the task thread)
 */
public record OperatorSnapshot(Callable<OperatorSubtaskState> asyncPart, CompletableFuture<?> ready) {

    private static final CompletableFuture<?> READY = CompletableFuture.completedFuture(null);

    public static final OperatorSnapshot EMPTY = new OperatorSnapshot(() -> OperatorSubtaskState.EMPTY);

    public OperatorSnapshot {
        Objects.requireNonNull(asyncPart, "asyncPart");
        Objects.requireNonNull(ready, "ready");
    }

    /** A snapshot whose asynchronous part may run at once. */
    public OperatorSnapshot(Callable<OperatorSubtaskState> asyncPart) {
        this(asyncPart, READY);
    }
}
