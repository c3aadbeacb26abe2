package io.eddy.runtime.state;

/** The namespace of state and timers that are scoped to a key only. */
public enum VoidNamespace {
    INSTANCE
}
