package io.eddy.runtime.checkpoint;

import java.util.concurrent.Callable;

/**
 * What {@code StreamOperator.snapshotState} returns: its synchronous part is done (a consistent
 * copy of the state is held, copy-on-write where the state is large); {@link #asyncPart} writes it
 * to checkpoint storage off the task thread and returns the handles. An operator without state
 * returns {@link #EMPTY}.
 */
public record OperatorSnapshot(Callable<OperatorSubtaskState> asyncPart) {

    public static final OperatorSnapshot EMPTY = new OperatorSnapshot(() -> OperatorSubtaskState.EMPTY);
}
