package io.eddy.examples.statemachine.model;

/** One event: the address that sent it and its type. Immutable. */
public record Event(int sourceAddress, EventType type) {

    public Event {
        if (type == null) {
            throw new IllegalArgumentException("type: null (expected one of " + java.util.Arrays.toString(EventType.values()) + ")");
        }
    }
}
