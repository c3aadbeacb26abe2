package io.eddy.runtime.state;

import io.eddy.api.common.state.State;

/**
 * A keyed state as operators see it inside the runtime: besides the current key (set on the
 * backend), scoped to a namespace, e.g. the window a value belongs to. States obtained from {@code
 * HeapKeyedStateBackend.getPartitionedState} implement it; user functions see the plain state
 * interfaces with the default namespace ({@link VoidNamespace}).
 */
public interface InternalKvState<N> extends State {

    /** Scopes later reads and writes to {@code namespace} (of the current key). */
    void setCurrentNamespace(N namespace);
}
