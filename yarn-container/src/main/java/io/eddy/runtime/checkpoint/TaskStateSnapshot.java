package io.eddy.runtime.checkpoint;

import java.util.Map;

/**
 * The state of one subtask in one checkpoint: per operator of its chain (by the operator's uid,
 * {@code OperatorSpec.uid()}), that operator's state. Operators without state may be absent.
 */
public record TaskStateSnapshot(Map<String, OperatorSubtaskState> operatorStates) {

    public static final TaskStateSnapshot EMPTY = new TaskStateSnapshot(Map.of());

    public TaskStateSnapshot {
        operatorStates = Map.copyOf(operatorStates);
    }

    /** The state of operator {@code uid}, or {@link OperatorSubtaskState#EMPTY}. */
    public OperatorSubtaskState stateOf(String uid) {
        return operatorStates.getOrDefault(uid, OperatorSubtaskState.EMPTY);
    }
}
