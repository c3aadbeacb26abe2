package io.eddy.examples.statemachine.model;

/**
 * An invalid transition seen for one address: the state the address was in and the event that has
 * no transition from it.
 */
public record Alert(int address, State state, EventType event) {

    @Override
    public String toString() {
        return "ALERT address=" + address + " state=" + state + " event=" + event + " (no such transition)";
    }
}
