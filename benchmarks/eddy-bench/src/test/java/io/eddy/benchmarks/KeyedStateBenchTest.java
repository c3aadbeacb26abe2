package io.eddy.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.examples.statemachine.model.GeneratorSpec;
import org.junit.jupiter.api.Test;

class KeyedStateBenchTest {

    private static final GeneratorSpec SPEC = GeneratorSpec.DEFAULT.withInvalidProbability(0.001);

    @Test
    void bothStoresRaiseOneAlertPerInjectedInvalidTransitionOverSeveralChunks() throws Exception {
        // More events than a chunk, split unevenly over three generators: the last chunk is partial,
        // and the round-robin skips a generator that has run out.
        long events = KeyedStateBench.CHUNK + 100_001L;
        for (KeyedStateBench.Outcome outcome : new KeyedStateBench.Outcome[] {KeyedStateBench.eddy(SPEC, events, 3),
                KeyedStateBench.hashMap(SPEC, events, 3)}) {
            assertThat(outcome.events()).isEqualTo(events);
            assertThat(outcome.injected()).isBetween(events / 2000, events / 500);
            assertThat(outcome.alerts()).isEqualTo(outcome.injected());
            assertThat(outcome.nanosPerEvent()).isPositive();
            // Only the addresses in flight: at most each generator's slots.
            assertThat(outcome.keysHeld()).isPositive().isLessThanOrEqualTo(3L * SPEC.concurrentAddresses());
        }
    }

    @Test
    void theEddyStoreFindsWhatTheHashMapFinds() throws Exception {
        KeyedStateBench.Outcome eddy = KeyedStateBench.eddy(SPEC, 300_000, 2);
        KeyedStateBench.Outcome hashMap = KeyedStateBench.hashMap(SPEC, 300_000, 2);
        assertThat(eddy.alerts()).isEqualTo(hashMap.alerts()).isPositive();
        assertThat(eddy.injected()).isEqualTo(hashMap.injected());
        assertThat(eddy.keysHeld()).isEqualTo(hashMap.keysHeld());
    }

    @Test
    void theCommandPrintsALineForEachStore() {
        CommandRun run = CommandRun.of("keyed-state", "--events", "50000");

        assertThat(run.code()).isZero();
        assertThat(run.output())
                .containsPattern("(?m)^RESULT name=keyed-state system=eddy rate=\\d+ events=50000 threads=1 ns_per_event=[0-9.]+ alerts=(\\d+) injected=\\1 keys_held=\\d+\n"
                        + "RESULT name=keyed-state system=ceiling rate=\\d+ events=50000 threads=1 ns_per_event=[0-9.]+ alerts=(\\d+) injected=\\2 keys_held=\\d+$");
    }
}
