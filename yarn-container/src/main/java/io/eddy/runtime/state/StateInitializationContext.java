package io.eddy.runtime.state;

import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.api.common.state.OperatorStateStore;
import java.util.Objects;

/**
 * The {@link FunctionInitializationContext} an operator gives its {@code CheckpointedFunction}:
 * whether state was restored, the operator state store and, on a keyed stream, the keyed one.
 */
public final class StateInitializationContext implements FunctionInitializationContext {

    private final String operatorName;
    private final boolean restored;
    private final OperatorStateStore operatorStateStore;
    private final KeyedStateStore keyedStateStore;

    /** @param keyedStateStore the keyed state, or null if the operator is not keyed */
    public StateInitializationContext(String operatorName, boolean restored, OperatorStateStore operatorStateStore,
            KeyedStateStore keyedStateStore) {
        this.operatorName = Objects.requireNonNull(operatorName, "operatorName");
        this.restored = restored;
        this.operatorStateStore = Objects.requireNonNull(operatorStateStore, "operatorStateStore");
        this.keyedStateStore = keyedStateStore;
    }

    @Override
    public boolean isRestored() {
        return restored;
    }

    @Override
    public OperatorStateStore getOperatorStateStore() {
        return operatorStateStore;
    }

    @Override
    public KeyedStateStore getKeyedStateStore() {
        if (keyedStateStore == null) {
            throw new UnsupportedOperationException("Keyed state was asked for in initializeState of operator '" + operatorName
                    + "', which does not run on a keyed stream: call keyBy(...) before it, or use getOperatorStateStore()");
        }
        return keyedStateStore;
    }
}
