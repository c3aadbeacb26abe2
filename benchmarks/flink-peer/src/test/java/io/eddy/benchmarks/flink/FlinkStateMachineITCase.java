package io.eddy.benchmarks.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs the Flink peer's state machine job on a Flink MiniCluster of each shape. */
@Timeout(120)
class FlinkStateMachineITCase {

    private static final long EVENTS = 300_000;

    @ParameterizedTest
    @EnumSource(FlinkMiniClusters.Shape.class)
    void raisesExactlyTheInjectedAlerts(FlinkMiniClusters.Shape shape) throws Exception {
        FlinkBench.Outcome outcome = FlinkBench.run(EVENTS, 2, shape, "test " + shape, 0);

        long expected = expectedAlerts();
        assertThat(expected).isPositive();
        assertThat(outcome.injected()).isEqualTo(expected);
        assertThat(outcome.alerts()).isEqualTo(expected);
        assertThat(outcome.netRuntimeMillis()).isPositive();
    }

    @Test
    void runsTheJobAgainOnTheSameClusterForEachOfJobs() throws Exception {
        var outcomes = FlinkBench.run(EVENTS, 2, FlinkMiniClusters.Shape.NETWORK, "test jobs", 0, 2);

        assertThat(outcomes).hasSize(2).allSatisfy(o -> {
            assertThat(o.alerts()).isEqualTo(expectedAlerts());
            assertThat(o.injected()).isEqualTo(expectedAlerts());
        });
    }

    private static long expectedAlerts() {
        long expected = 0;
        for (int subtask = 0; subtask < 2; subtask++) {
            EventGenerator generator = new EventGenerator(GeneratorSpec.DEFAULT, subtask, 2);
            for (long i = GeneratorSpec.eventsForSubtask(EVENTS, subtask, 2); i > 0; i--) {
                generator.next();
            }
            expected += generator.injectedInvalid();
        }
        return expected;
    }

    @Test
    void commandLineRejectsAnUnknownClusterShape() {
        int code = new picocli.CommandLine(new FlinkBench()).setCaseInsensitiveEnumValuesAllowed(true)
                .setErr(new java.io.PrintWriter(new java.io.StringWriter()))
                .execute("--cluster", "yarn");
        assertThat(code).isEqualTo(2);
    }
}
