package io.eddy.runtime.state;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.state.Checkpointed;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.typeinfo.TypeExtractor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The state side of one stream operator: creates and restores its operator state backend (and
 * restores its keyed backend), initializes the user function's state ({@link CheckpointedFunction}
 * or {@link Checkpointed}), and takes the operator's snapshots.
 *
 * <p>{@code Checkpointed<T>} state lives in the split list state {@value #CHECKPOINTED_STATE_NAME}
 * of type {@code T} ({@link Checkpointed#stateType()}, or extracted from the function's type
 * argument): one element per snapshot (none for a null state); on restore, one {@code
 * restoreState} call per element (after rescaling an instance may get none or several).
 *
 * <p>Thread ownership: the task thread; the async part of a snapshot runs on a snapshot thread and
 * touches only the snapshot's copies.
 */
public final class StreamOperatorStateHandler {

    /** The reserved operator list state that holds {@link Checkpointed} state. */
    public static final String CHECKPOINTED_STATE_NAME = "_checkpointed";

    private final String operatorName;
    private final Function userFunction;
    private final HeapKeyedStateBackend keyedState;
    private final SerializerConfig serializerConfig;
    private final ClassLoader classLoader;
    private HeapOperatorStateBackend operatorState;
    private ListState<Object> checkpointedList;

    /**
     * @param operatorName the operator's name with its subtask, for error messages
     * @param userFunction the operator's user function, or null
     * @param keyedState the operator's keyed backend, or null if it is not keyed
     */
    public StreamOperatorStateHandler(String operatorName, Function userFunction, HeapKeyedStateBackend keyedState,
            SerializerConfig serializerConfig, ClassLoader classLoader) {
        this.operatorName = Objects.requireNonNull(operatorName, "operatorName");
        this.userFunction = userFunction;
        this.keyedState = keyedState;
        this.serializerConfig = serializerConfig;
        this.classLoader = classLoader;
    }

    /** Restores both backends from {@code restored} (null: fresh start), then initializes the user function's state. */
    public void initialize(OperatorSubtaskState restored) throws Exception {
        operatorState = new HeapOperatorStateBackend(operatorName, serializerConfig);
        if (restored != null) {
            if (keyedState != null) {
                keyedState.restore(restored.managedKeyedState(), classLoader);
            } else if (!restored.managedKeyedState().isEmpty()) {
                throw new IllegalStateException("The checkpoint holds keyed state for operator '" + operatorName
                        + "', which is not keyed now: keep the keyBy(...) before it, or give it a new uid to start it without that state");
            }
            operatorState.restore(restored.managedOperatorState(), classLoader);
        }
        if (userFunction instanceof CheckpointedFunction checkpointedFunction) {
            checkpointedFunction.initializeState(new StateInitializationContext(operatorName, restored != null, operatorState, keyedState));
        } else if (userFunction instanceof Checkpointed<?> checkpointed) {
            initializeCheckpointed(checkpointed);
        }
    }

    @SuppressWarnings("unchecked")
    private <T> void initializeCheckpointed(Checkpointed<T> function) throws Exception {
        TypeInfo<T> type = checkpointedType(function);
        ListState<T> list = operatorState.getListState(new ListStateDescriptor<>(CHECKPOINTED_STATE_NAME, type));
        List<T> restored = new ArrayList<>();
        list.get().forEach(restored::add);
        for (T state : restored) {
            function.restoreState(state);
        }
        checkpointedList = (ListState<Object>) list;
    }

    private <T> TypeInfo<T> checkpointedType(Checkpointed<T> function) {
        String what = "The state of Checkpointed function " + function.getClass().getName() + " in operator '" + operatorName + "'";
        try {
            TypeInfo<T> type = function.stateType();
            if (type == null) {
                type = TypeExtractor.createTypeInfoFromSubclass(function.getClass(), Checkpointed.class, 0, what);
            }
            type.createSerializer(serializerConfig);
            return type;
        } catch (RuntimeException e) {
            throw new IllegalStateException(what + " cannot be serialized: " + e.getMessage()
                    + ". Implement Checkpointed with a concrete type argument, or override stateType() to return its TypeInfo", e);
        }
    }

    /** The operator state of this operator (for tests and operators that keep list state themselves). */
    public HeapOperatorStateBackend operatorStateBackend() {
        return operatorState;
    }

    /**
     * Snapshots the user function's state (task thread), then the backends; the async part writes
     * both through {@code streams} and releases the copy-on-write view, also on failure.
     *
     * @param nameHint names the state files (e.g. the operator's name)
     */
    @SuppressWarnings("unchecked")
    public OperatorSnapshot snapshot(long checkpointId, long timestamp, CheckpointStreamFactory streams, String nameHint)
            throws Exception {
        if (userFunction instanceof CheckpointedFunction checkpointedFunction) {
            checkpointedFunction.snapshotState(new SnapshotContext(checkpointId, timestamp));
        } else if (userFunction instanceof Checkpointed<?> checkpointed) {
            Object state = ((Checkpointed<Object>) checkpointed).snapshotState(checkpointId, timestamp);
            checkpointedList.clear();
            if (state != null) {
                checkpointedList.add(state);
            }
        }
        KeyedStateSnapshot keyed = keyedState == null ? null : keyedState.snapshot();
        OperatorStateSnapshot operator = operatorState.snapshot();
        if (keyed == null && operator == null) {
            return OperatorSnapshot.EMPTY;
        }
        return new OperatorSnapshot(() -> {
            try {
                List<KeyGroupsStateHandle> keyedHandles = keyed == null ? List.of() : List.of(keyed.writeTo(streams, nameHint));
                List<OperatorStateHandle> operatorHandles = operator == null ? List.of() : List.of(operator.writeTo(streams, nameHint));
                return new OperatorSubtaskState(keyedHandles, operatorHandles);
            } finally {
                if (keyed != null) {
                    keyed.release();
                }
            }
        });
    }

    private record SnapshotContext(long checkpointId, long timestamp) implements FunctionSnapshotContext {
        @Override
        public long getCheckpointId() {
            return checkpointId;
        }

        @Override
        public long getCheckpointTimestamp() {
            return timestamp;
        }
    }
}
