package io.eddy.benchmarks;

import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import io.eddy.examples.statemachine.model.State;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The keyed state's part of the state machine job, in one thread and without the runtime around it:
 * the detector's state operations on the events of {@code parallelism} generators, interleaved as
 * one keyed subtask holding every key group sees them. Once through Eddy's heap keyed state backend,
 * used as the keyed operator and {@code StateMachineMapper} use it ({@code setCurrentIntKey}, {@code
 * value()}, then {@code update()} or {@code clear()}), once through a {@code HashMap<Integer, State>}
 * (the ceiling's). The events of each chunk are generated before its timing starts, so the time is
 * that of the state operations and the detector's logic only.
 */
public final class KeyedStateBench {

    /** Events generated ahead of each timed chunk. */
    static final int CHUNK = 1 << 20;
    /** The key groups of the backend: the job's default maximum parallelism. */
    private static final int MAX_PARALLELISM = 128;

    /**
     * What one run found; {@code nanos} is the timed part only, {@code keysHeld} the keys the store
     * holds at the end (the addresses in flight: a detector that forgot to drop keys would hold
     * every address it ever saw).
     */
    public record Outcome(long events, long alerts, long injected, long keysHeld, long nanos) {

        public double rate() {
            return events / (nanos / 1e9);
        }

        public double nanosPerEvent() {
            return nanos / (double) events;
        }
    }

    /** The detector on one state store. */
    private interface Detector {
        /** Moves the event's address to its next state; returns 1 for an alert, else 0. */
        int apply(Event event) throws Exception;
    }

    private KeyedStateBench() {}

    /** Through Eddy's {@link HeapKeyedStateBackend}. */
    public static Outcome eddy(GeneratorSpec spec, long totalEvents, int parallelism) throws Exception {
        HeapKeyedStateBackend backend = new HeapKeyedStateBackend("keyed-state bench (1/1)", Types.INT, new SerializerConfig(),
                MAX_PARALLELISM, 0, MAX_PARALLELISM - 1);
        ValueState<State> state = backend.getState(new ValueStateDescriptor<>("state", State.class));
        LongSupplier keysHeld = () -> {
            long keys = 0;
            for (int keyGroup = 0; keyGroup < MAX_PARALLELISM; keyGroup++) {
                keys += backend.stateEntriesOfKeyGroup("state", keyGroup).size();
            }
            return keys;
        };
        return run(spec, totalEvents, parallelism, keysHeld, event -> {
            backend.setCurrentIntKey(event.sourceAddress());
            State current = state.value();
            State next = (current == null ? State.INITIAL : current).next(event.type());
            if (next == null || next.isTerminal()) {
                state.clear();
                return next == null ? 1 : 0;
            }
            state.update(next);
            return 0;
        });
    }

    /** Through a {@link HashMap}, with the ceiling's own detector ({@link CeilingBench}). */
    public static Outcome hashMap(GeneratorSpec spec, long totalEvents, int parallelism) throws Exception {
        Map<Integer, State> states = new HashMap<>();
        return run(spec, totalEvents, parallelism, states::size, event -> CeilingBench.apply(states, event));
    }

    private static Outcome run(GeneratorSpec spec, long totalEvents, int parallelism, LongSupplier keysHeld, Detector detector)
            throws Exception {
        if (totalEvents < 1 || parallelism < 1) {
            throw new IllegalArgumentException("events " + totalEvents + ", parallelism " + parallelism + " (expected at least 1 each)");
        }
        EventGenerator[] generators = new EventGenerator[parallelism];
        long[] remaining = new long[parallelism];
        for (int subtask = 0; subtask < parallelism; subtask++) {
            generators[subtask] = new EventGenerator(spec, subtask, parallelism);
            remaining[subtask] = GeneratorSpec.eventsForSubtask(totalEvents, subtask, parallelism);
        }
        Event[] chunk = new Event[(int) Math.min(CHUNK, totalEvents)];
        long nanos = 0;
        long alerts = 0;
        long done = 0;
        int next = 0;
        while (done < totalEvents) {
            int n = 0;
            while (n < chunk.length && done + n < totalEvents) {
                // Round-robin over the generators that have events left, as a keyed subtask receives them.
                while (remaining[next] == 0) {
                    next = (next + 1) % parallelism;
                }
                chunk[n++] = generators[next].next();
                remaining[next]--;
                next = (next + 1) % parallelism;
            }
            long start = System.nanoTime();
            for (int i = 0; i < n; i++) {
                alerts += detector.apply(chunk[i]);
            }
            nanos += System.nanoTime() - start;
            done += n;
        }
        long injected = 0;
        for (EventGenerator generator : generators) {
            injected += generator.injectedInvalid();
        }
        return new Outcome(totalEvents, alerts, injected, keysHeld.getAsLong(), nanos);
    }
}
