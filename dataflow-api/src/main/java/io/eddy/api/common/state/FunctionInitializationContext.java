package io.eddy.api.common.state;

/** Where a {@link CheckpointedFunction} registers its state. */
public interface FunctionInitializationContext {

    /** Whether this run restores state from a checkpoint or savepoint. */
    boolean isRestored();

    /** The operator (non-keyed) state of this parallel instance. */
    OperatorStateStore getOperatorStateStore();

    /**
     * The keyed state store, on a keyed stream.
     *
     * @throws UnsupportedOperationException if the function does not run on a keyed stream
     */
    KeyedStateStore getKeyedStateStore();
}
