package io.eddy.runtime.state;

/** The kinds of keyed state the backends hold. */
public enum StateKind {
    VALUE,
    LIST,
    MAP
}
