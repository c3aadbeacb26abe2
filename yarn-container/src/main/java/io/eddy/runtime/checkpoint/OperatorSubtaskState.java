package io.eddy.runtime.checkpoint;

import java.util.List;

/**
 * The checkpointed state of one operator in one subtask: keyed state (including the operator's
 * timers, see docs/checkpointing.md) and operator list state (including {@code Checkpointed}
 * function state). After rescaling a subtask may get several handles of each kind.
 */
public record OperatorSubtaskState(List<KeyGroupsStateHandle> managedKeyedState, List<OperatorStateHandle> managedOperatorState) {

    public static final OperatorSubtaskState EMPTY = new OperatorSubtaskState(List.of(), List.of());

    public OperatorSubtaskState {
        managedKeyedState = List.copyOf(managedKeyedState);
        managedOperatorState = List.copyOf(managedOperatorState);
    }

    public boolean isEmpty() {
        return managedKeyedState.isEmpty() && managedOperatorState.isEmpty();
    }

    /** Total bytes of state. */
    public long stateSize() {
        long size = 0;
        for (KeyGroupsStateHandle h : managedKeyedState) {
            size += h.delegate().stateSize();
        }
        for (OperatorStateHandle h : managedOperatorState) {
            size += h.delegate().stateSize();
        }
        return size;
    }
}
