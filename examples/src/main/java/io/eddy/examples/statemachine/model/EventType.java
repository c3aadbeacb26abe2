package io.eddy.examples.statemachine.model;

/**
 * The kinds of event a source address can send. Which of them are valid depends on the state the
 * address is in; see {@link State#next(EventType)}.
 */
public enum EventType {
    A, B, C, D, E, F, G, H;

    private static final EventType[] VALUES = values();

    /** The event type with ordinal {@code ordinal}; avoids the array copy of {@code values()}. */
    public static EventType of(int ordinal) {
        return VALUES[ordinal];
    }
}
