package io.eddy.runtime.checkpoint;

import java.util.List;

/**
 * The checkpointed state of one operator in one subtask: keyed state (including the operator's
 * timers, see docs/checkpointing.md), operator list state (including {@code Checkpointed} function
 * state) and raw operator state. After rescaling a subtask may get several handles of each kind.
 *
 * @param rawOperatorState streams the operator wrote and reads itself, in a format of its own (a
 *     streaming loop's head: the feedback records in flight); on rescaling, the streams of old
 *     subtask s go to new subtask s mod the new parallelism
 */
public record OperatorSubtaskState(List<KeyGroupsStateHandle> managedKeyedState, List<OperatorStateHandle> managedOperatorState,
        List<StreamStateHandle> rawOperatorState) {

    public static final OperatorSubtaskState EMPTY = new OperatorSubtaskState(List.of(), List.of(), List.of());

    public OperatorSubtaskState {
        managedKeyedState = List.copyOf(managedKeyedState);
        managedOperatorState = List.copyOf(managedOperatorState);
        rawOperatorState = List.copyOf(rawOperatorState);
    }

    /** Managed state only. */
    public OperatorSubtaskState(List<KeyGroupsStateHandle> managedKeyedState, List<OperatorStateHandle> managedOperatorState) {
        this(managedKeyedState, managedOperatorState, List.of());
    }

    public boolean isEmpty() {
        return managedKeyedState.isEmpty() && managedOperatorState.isEmpty() && rawOperatorState.isEmpty();
    }

    /** This state with {@code raw} added to its raw operator state. */
    public OperatorSubtaskState withRawOperatorState(List<StreamStateHandle> raw) {
        List<StreamStateHandle> all = new java.util.ArrayList<>(rawOperatorState);
        all.addAll(raw);
        return new OperatorSubtaskState(managedKeyedState, managedOperatorState, all);
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
        for (StreamStateHandle h : rawOperatorState) {
            size += h.stateSize();
        }
        return size;
    }
}
