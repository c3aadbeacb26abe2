package io.eddy.examples.statemachine.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StateMachineModelTest {

    @Test
    void transitionTableMatchesTheDocumentedMachine() {
        assertThat(State.INITIAL.next(EventType.A)).isEqualTo(State.W);
        assertThat(State.INITIAL.next(EventType.C)).isEqualTo(State.X);
        assertThat(State.W.next(EventType.B)).isEqualTo(State.Y);
        assertThat(State.W.next(EventType.D)).isEqualTo(State.Z);
        assertThat(State.X.next(EventType.E)).isEqualTo(State.Y);
        assertThat(State.X.next(EventType.F)).isEqualTo(State.Z);
        assertThat(State.Y.next(EventType.G)).isEqualTo(State.Z);
        assertThat(State.Y.next(EventType.B)).isEqualTo(State.W);
        assertThat(State.Z.next(EventType.H)).isEqualTo(State.TERMINAL);
        assertThat(State.Z.next(EventType.E)).isEqualTo(State.X);
        assertThat(State.INITIAL.next(EventType.H)).isNull();
        assertThat(State.W.next(EventType.A)).isNull();
        for (EventType type : EventType.values()) {
            assertThat(State.TERMINAL.next(type)).as("TERMINAL has no transitions").isNull();
        }
    }

    @Test
    void validAndInvalidEventsPartitionTheEventTypes() {
        for (State state : State.values()) {
            Set<EventType> invalid = new HashSet<>();
            for (int i = 0; i < EventType.values().length * 2; i++) {
                EventType type = state.invalidEvent(i);
                assertThat(state.next(type)).as("%s is drawn as invalid in %s", type, state).isNull();
                invalid.add(type);
            }
            assertThat(invalid).hasSize(EventType.values().length - state.numValidEvents());
            if (!state.isTerminal()) {
                for (double u = 0; u < 1; u += 0.01) {
                    assertThat(state.next(state.validEvent(u))).isNotNull();
                }
            }
        }
        assertThatThrownBy(() -> State.TERMINAL.validEvent(0.5)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("TERMINAL");
    }

    @Test
    void generatorProducesValidSequencesPlusExactlyTheInjectedInvalidOnes() {
        GeneratorSpec spec = new GeneratorSpec(42, 50, 0.01);
        EventGenerator generator = new EventGenerator(spec, 1, 3);
        Map<Integer, State> detector = new HashMap<>();
        long alerts = 0;
        int terminals = 0;
        for (int i = 0; i < 200_000; i++) {
            Event event = generator.next();
            State current = detector.getOrDefault(event.sourceAddress(), State.INITIAL);
            State next = current.next(event.type());
            if (next == null) {
                alerts++;
                detector.remove(event.sourceAddress());
            } else if (next.isTerminal()) {
                terminals++;
                detector.remove(event.sourceAddress());
            } else {
                detector.put(event.sourceAddress(), next);
            }
        }
        assertThat(generator.generated()).isEqualTo(200_000);
        assertThat(generator.injectedInvalid()).isBetween(1_500L, 2_500L);
        assertThat(alerts).isEqualTo(generator.injectedInvalid());
        assertThat(terminals).isGreaterThan(10_000);
        assertThat(detector.size()).as("addresses in flight").isLessThanOrEqualTo(spec.concurrentAddresses());
    }

    @Test
    void generatorIsDeterministicAndSubtasksUseDisjointAddresses() {
        GeneratorSpec spec = GeneratorSpec.DEFAULT;
        assertThat(take(new EventGenerator(spec, 0, 2), 10_000)).isEqualTo(take(new EventGenerator(spec, 0, 2), 10_000));
        int range = Integer.MAX_VALUE / 2;
        for (Event event : take(new EventGenerator(spec, 0, 2), 10_000)) {
            assertThat(event.sourceAddress()).isBetween(0, range - 1);
        }
        for (Event event : take(new EventGenerator(spec, 1, 2), 10_000)) {
            assertThat(event.sourceAddress()).isBetween(range, 2 * range - 1);
        }
    }

    @Test
    void withoutInjectionEveryEventIsValid() {
        EventGenerator generator = new EventGenerator(GeneratorSpec.DEFAULT.withInvalidProbability(0), 0, 1);
        Map<Integer, State> states = new HashMap<>();
        for (Event event : take(generator, 50_000)) {
            State next = states.getOrDefault(event.sourceAddress(), State.INITIAL).next(event.type());
            assertThat(next).as("transition of %s", event).isNotNull();
            if (next.isTerminal()) {
                states.remove(event.sourceAddress());
            } else {
                states.put(event.sourceAddress(), next);
            }
        }
        assertThat(generator.injectedInvalid()).isZero();
    }

    @Test
    void eventsAreSharedEvenlyAndArgumentsAreChecked() {
        assertThat(GeneratorSpec.eventsForSubtask(10, 0, 3)).isEqualTo(4);
        assertThat(GeneratorSpec.eventsForSubtask(10, 1, 3)).isEqualTo(3);
        assertThat(GeneratorSpec.eventsForSubtask(10, 2, 3)).isEqualTo(3);
        assertThatThrownBy(() -> GeneratorSpec.eventsForSubtask(10, 3, 3)).hasMessageContaining("subtask 3 of parallelism 3");
        assertThatThrownBy(() -> new GeneratorSpec(1, 0, 0.1)).hasMessageContaining("concurrentAddresses: 0");
        assertThatThrownBy(() -> new GeneratorSpec(1, 10, 1.5)).hasMessageContaining("invalidProbability: 1.5");
    }

    private static List<Event> take(EventGenerator generator, int n) {
        List<Event> events = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            events.add(generator.next());
        }
        return events;
    }
}
