package io.eddy.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.examples.statemachine.model.GeneratorSpec;
import org.junit.jupiter.api.Test;

class CeilingBenchTest {

    @Test
    void raisesOneAlertPerInjectedInvalidTransition() {
        CeilingBench.Outcome outcome = CeilingBench.run(GeneratorSpec.DEFAULT.withInvalidProbability(0.001), 300_000, 3);
        assertThat(outcome.events()).isEqualTo(300_000);
        assertThat(outcome.injected()).isBetween(200L, 400L);
        assertThat(outcome.alerts()).isEqualTo(outcome.injected());
        assertThat(outcome.rate()).isPositive();
    }

    @Test
    void withoutInjectionThereAreNoAlerts() {
        CeilingBench.Outcome outcome = CeilingBench.run(GeneratorSpec.DEFAULT.withInvalidProbability(0), 100_000, 2);
        assertThat(outcome.alerts()).isZero();
        assertThat(outcome.injected()).isZero();
    }
}
