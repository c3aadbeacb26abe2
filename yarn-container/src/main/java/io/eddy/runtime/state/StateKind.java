package io.eddy.runtime.state;

/** The kinds of keyed state the backends hold; the name is written into snapshots. */
public enum StateKind {
    VALUE,
    LIST,
    MAP,
    REDUCING,
    AGGREGATING
}
