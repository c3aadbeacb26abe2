package io.eddy.examples.statemachine.model;

/**
 * The states of one source address and the valid transitions between them:
 *
 * <pre>
 *   state      valid events (probability the generator draws them with) -> next state
 *   INITIAL    A (0.6) -> W        C (0.4) -> X
 *   W          B (0.5) -> Y        D (0.5) -> Z
 *   X          E (0.7) -> Y        F (0.3) -> Z
 *   Y          G (0.8) -> Z        B (0.2) -> W
 *   Z          H (0.9) -> TERMINAL E (0.1) -> X
 *   TERMINAL   none
 * </pre>
 *
 * Every other (state, event) pair is an invalid transition. An address that is in no state yet is in
 * {@link #INITIAL}; {@link #TERMINAL} has no outgoing transitions, and the address is forgotten there.
 */
public enum State {
    INITIAL, W, X, Y, Z, TERMINAL;

    private static final State[] VALUES = values();
    private static final int NUM_EVENTS = EventType.values().length;

    /** NEXT[state][event]: the next state, or null for an invalid transition. */
    private static final State[][] NEXT = new State[VALUES.length][NUM_EVENTS];
    /** Per state its valid events and the cumulative probabilities they are drawn with. */
    private static final EventType[][] VALID_EVENTS = new EventType[VALUES.length][];
    private static final double[][] CUMULATIVE = new double[VALUES.length][];
    /** Per state the events that are not valid there. */
    private static final EventType[][] INVALID_EVENTS = new EventType[VALUES.length][];

    static {
        define(INITIAL, new EventType[] {EventType.A, EventType.C}, new State[] {W, X}, new double[] {0.6, 0.4});
        define(W, new EventType[] {EventType.B, EventType.D}, new State[] {Y, Z}, new double[] {0.5, 0.5});
        define(X, new EventType[] {EventType.E, EventType.F}, new State[] {Y, Z}, new double[] {0.7, 0.3});
        define(Y, new EventType[] {EventType.G, EventType.B}, new State[] {Z, W}, new double[] {0.8, 0.2});
        define(Z, new EventType[] {EventType.H, EventType.E}, new State[] {TERMINAL, X}, new double[] {0.9, 0.1});
        define(TERMINAL, new EventType[0], new State[0], new double[0]);
    }

    private static void define(State from, EventType[] events, State[] targets, double[] probabilities) {
        double sum = 0;
        double[] cumulative = new double[events.length];
        for (int i = 0; i < events.length; i++) {
            NEXT[from.ordinal()][events[i].ordinal()] = targets[i];
            sum += probabilities[i];
            cumulative[i] = sum;
        }
        if (events.length > 0 && Math.abs(sum - 1.0) > 1e-9) {
            throw new IllegalStateException("Bug: the transition probabilities of " + from + " add up to " + sum + ", not 1");
        }
        VALID_EVENTS[from.ordinal()] = events;
        CUMULATIVE[from.ordinal()] = cumulative;
        EventType[] invalid = new EventType[NUM_EVENTS - events.length];
        int n = 0;
        for (EventType type : EventType.values()) {
            if (NEXT[from.ordinal()][type.ordinal()] == null) {
                invalid[n++] = type;
            }
        }
        INVALID_EVENTS[from.ordinal()] = invalid;
    }

    /** The state after {@code event}, or null if {@code event} is not valid in this state. */
    public State next(EventType event) {
        return NEXT[ordinal()][event.ordinal()];
    }

    public boolean isTerminal() {
        return this == TERMINAL;
    }

    /**
     * The valid event drawn for {@code uniform} in [0, 1) with this state's transition probabilities.
     *
     * @throws IllegalStateException for {@link #TERMINAL}, which has no valid events
     */
    public EventType validEvent(double uniform) {
        double[] cumulative = CUMULATIVE[ordinal()];
        EventType[] events = VALID_EVENTS[ordinal()];
        if (events.length == 0) {
            throw new IllegalStateException("State " + this + " has no valid transitions: retire the address instead of drawing an event");
        }
        for (int i = 0; i < cumulative.length - 1; i++) {
            if (uniform < cumulative[i]) {
                return events[i];
            }
        }
        return events[events.length - 1];
    }

    /** The {@code index % count}-th event type that is not valid in this state (there are always some). */
    public EventType invalidEvent(int index) {
        EventType[] invalid = INVALID_EVENTS[ordinal()];
        return invalid[Math.floorMod(index, invalid.length)];
    }

    /** The number of event types valid in this state. */
    public int numValidEvents() {
        return VALID_EVENTS[ordinal()].length;
    }

    public static State of(int ordinal) {
        return VALUES[ordinal];
    }
}
