package io.eddy.benchmarks;

import io.eddy.examples.statemachine.model.Event;
import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import io.eddy.examples.statemachine.model.State;
import java.util.HashMap;
import java.util.Map;

/**
 * The ceiling of the state machine benchmark: the same events (the generators of every subtask,
 * one after the other) pushed through the same state machine by one plain loop, with the state of
 * each address in a {@code HashMap} and no framework at all: no serialization, no exchange, no
 * threads. What a dataflow system adds on top of this loop is its overhead; with parallelism P it
 * may beat the ceiling by up to P times, since the ceiling uses one core.
 */
public final class CeilingBench {

    /** What one run found. */
    public record Outcome(long events, long alerts, long injected, long nanos) {

        public double seconds() {
            return nanos / 1e9;
        }

        public double rate() {
            return events / seconds();
        }
    }

    private CeilingBench() {}

    /** Generates {@code totalEvents} split over {@code parallelism} generators and runs them through the state machine. */
    public static Outcome run(GeneratorSpec spec, long totalEvents, int parallelism) {
        long start = System.nanoTime();
        long alerts = 0;
        long injected = 0;
        for (int subtask = 0; subtask < parallelism; subtask++) {
            EventGenerator generator = new EventGenerator(spec, subtask, parallelism);
            Map<Integer, State> states = new HashMap<>();
            long count = GeneratorSpec.eventsForSubtask(totalEvents, subtask, parallelism);
            for (long i = 0; i < count; i++) {
                alerts += apply(states, generator.next());
            }
            injected += generator.injectedInvalid();
        }
        return new Outcome(totalEvents, alerts, injected, System.nanoTime() - start);
    }

    /** Moves the event's address to its next state; returns 1 for an alert, else 0. Also {@link KeyedStateBench}'s ceiling. */
    static int apply(Map<Integer, State> states, Event event) {
        Integer address = event.sourceAddress();
        State current = states.get(address);
        State next = (current == null ? State.INITIAL : current).next(event.type());
        if (next == null) {
            states.remove(address);
            return 1;
        }
        if (next.isTerminal()) {
            states.remove(address);
        } else {
            states.put(address, next);
        }
        return 0;
    }
}
