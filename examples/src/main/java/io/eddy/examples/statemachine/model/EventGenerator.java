package io.eddy.examples.statemachine.model;

import java.util.SplittableRandom;

/**
 * Generates the events of many source addresses that follow the {@link State} machine, with now
 * and then an invalid transition. Deterministic: the same spec, subtask and parallelism give the
 * same sequence of events. Not thread-safe: one generator per thread (one per source subtask).
 *
 * <p>The generator keeps {@link GeneratorSpec#concurrentAddresses()} slots, each holding an address
 * and the state the generator last moved it to. For each event it picks a slot at random. An empty
 * slot takes a fresh address in {@link State#INITIAL}. With probability {@link
 * GeneratorSpec#invalidProbability()} the event is one that is not valid in the slot's state (an
 * injected invalid transition, counted in {@link #injectedInvalid()}); otherwise it is a valid
 * event drawn with the state's transition probabilities. The slot is emptied when its address
 * reaches {@link State#TERMINAL} or received an invalid event, just as a detector forgets the
 * address then; so a detector that follows the rules raises exactly {@link #injectedInvalid()}
 * alerts.
 *
 * <p>Subtask {@code s} of {@code p} uses only addresses in {@code [s * r, (s + 1) * r)} with {@code
 * r = Integer.MAX_VALUE / p}, so parallel generators never share an address, and an address is
 * reused (after {@code r} fresh addresses) only once it has left every slot.
 */
public final class EventGenerator {

    private final SplittableRandom random;
    private final double invalidProbability;
    private final int addressBase;
    private final int addressRange;
    /** Per slot its address; meaningful only where {@link #states} is not null. */
    private final int[] addresses;
    /** Per slot the state of its address, or null for an empty slot. */
    private final State[] states;

    private int nextAddressOffset;
    private boolean addressesWrapped;
    private long injectedInvalid;
    private long generated;

    public EventGenerator(GeneratorSpec spec, int subtask, int parallelism) {
        GeneratorSpec.checkSubtask(subtask, parallelism);
        this.random = new SplittableRandom(spec.seed() * 0x9E3779B97F4A7C15L + subtask);
        this.invalidProbability = spec.invalidProbability();
        this.addressRange = Integer.MAX_VALUE / parallelism;
        this.addressBase = subtask * addressRange;
        if (addressRange <= spec.concurrentAddresses()) {
            throw new IllegalArgumentException("parallelism " + parallelism + " leaves " + addressRange + " addresses per generator, fewer than the "
                    + spec.concurrentAddresses() + " concurrent addresses of " + spec + ": lower the parallelism or GeneratorSpec.concurrentAddresses");
        }
        this.addresses = new int[spec.concurrentAddresses()];
        this.states = new State[spec.concurrentAddresses()];
    }

    /** The next event. */
    public Event next() {
        int slot = random.nextInt(states.length);
        State state = states[slot];
        if (state == null) {
            addresses[slot] = freshAddress();
            state = State.INITIAL;
        }
        int address = addresses[slot];
        generated++;
        if (random.nextDouble() < invalidProbability) {
            injectedInvalid++;
            states[slot] = null;
            return new Event(address, state.invalidEvent(random.nextInt(EventType.values().length)));
        }
        EventType type = state.validEvent(random.nextDouble());
        State next = state.next(type);
        states[slot] = next.isTerminal() ? null : next;
        return new Event(address, type);
    }

    /** How many invalid transitions this generator has injected so far. */
    public long injectedInvalid() {
        return injectedInvalid;
    }

    /** How many events this generator has produced so far. */
    public long generated() {
        return generated;
    }

    private int freshAddress() {
        while (true) {
            int candidate = addressBase + nextAddressOffset;
            nextAddressOffset++;
            if (nextAddressOffset == addressRange) {
                nextAddressOffset = 0;
                addressesWrapped = true;
            }
            if (!addressesWrapped || !inUse(candidate)) {
                return candidate;
            }
        }
    }

    private boolean inUse(int address) {
        for (int i = 0; i < states.length; i++) {
            if (states[i] != null && addresses[i] == address) {
                return true;
            }
        }
        return false;
    }
}
