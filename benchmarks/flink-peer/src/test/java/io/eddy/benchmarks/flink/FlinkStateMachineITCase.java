package io.eddy.benchmarks.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs the Flink peer's state machine job on a Flink MiniCluster of each shape, with each of Flink's source APIs. */
@Timeout(120)
class FlinkStateMachineITCase {

    private static final long EVENTS = 300_000;

    /** Both sources generate the same events, so they raise the same alerts: the injected invalid transitions. */
    @ParameterizedTest
    @EnumSource(FlinkMiniClusters.Shape.class)
    void bothSourcesRaiseExactlyTheInjectedAlerts(FlinkMiniClusters.Shape shape) throws Exception {
        FlinkBench.Outcome reader = FlinkBench.run(EVENTS, 2, shape, "test reader " + shape, 0, FlinkBench.SourceApi.READER);
        FlinkBench.Outcome legacy = FlinkBench.run(EVENTS, 2, shape, "test legacy " + shape, 0, FlinkBench.SourceApi.LEGACY);

        long expected = expectedAlerts(EVENTS, 2);
        assertThat(expected).isPositive();
        for (FlinkBench.Outcome outcome : new FlinkBench.Outcome[] {reader, legacy}) {
            assertThat(outcome.injected()).isEqualTo(expected);
            assertThat(outcome.alerts()).isEqualTo(expected);
            assertThat(outcome.netRuntimeMillis()).isPositive();
            assertThat(outcome.cpuNanos()).as("the CPU time of the job's run").isPositive();
        }
        assertThat(reader.alerts()).isEqualTo(legacy.alerts());
    }

    /** Uneven shares (the first subtasks one event more) and more splits than cores: still the same alerts from both sources. */
    @Test
    void bothSourcesAgreeOnUnevenShares() throws Exception {
        long events = 100_001;
        FlinkBench.Outcome reader = FlinkBench.run(events, 3, FlinkMiniClusters.Shape.EMBEDDED, "test uneven reader", 0,
                FlinkBench.SourceApi.READER);
        FlinkBench.Outcome legacy = FlinkBench.run(events, 3, FlinkMiniClusters.Shape.EMBEDDED, "test uneven legacy", 0,
                FlinkBench.SourceApi.LEGACY);

        long expected = expectedAlerts(events, 3);
        assertThat(expected).isPositive();
        assertThat(reader.injected()).isEqualTo(expected);
        assertThat(reader.alerts()).isEqualTo(expected);
        assertThat(legacy.injected()).isEqualTo(expected);
        assertThat(legacy.alerts()).isEqualTo(expected);
    }

    @Test
    void runsTheJobAgainOnTheSameClusterForEachOfJobs() throws Exception {
        var outcomes = FlinkBench.run(EVENTS, 2, FlinkMiniClusters.Shape.NETWORK, "test jobs", 0, 2, FlinkBench.SourceApi.READER);

        assertThat(outcomes).hasSize(2).allSatisfy(o -> {
            assertThat(o.alerts()).isEqualTo(expectedAlerts(EVENTS, 2));
            assertThat(o.injected()).isEqualTo(expectedAlerts(EVENTS, 2));
        });
    }

    /** The invalid transitions the generators inject into {@code events} at {@code parallelism}, counted without Flink. */
    private static long expectedAlerts(long events, int parallelism) {
        long expected = 0;
        for (int subtask = 0; subtask < parallelism; subtask++) {
            EventGenerator generator = new EventGenerator(GeneratorSpec.DEFAULT, subtask, parallelism);
            for (long i = GeneratorSpec.eventsForSubtask(events, subtask, parallelism); i > 0; i--) {
                generator.next();
            }
            expected += generator.injectedInvalid();
        }
        return expected;
    }

    @Test
    void commandLineRejectsAnUnknownClusterShape() {
        int code = new picocli.CommandLine(new FlinkBench()).setCaseInsensitiveEnumValuesAllowed(true)
                .setErr(new PrintWriter(new StringWriter()))
                .execute("--cluster", "yarn");
        assertThat(code).isEqualTo(2);
    }

    @Test
    void commandLineRejectsAnUnknownSource() {
        int code = new picocli.CommandLine(new FlinkBench()).setCaseInsensitiveEnumValuesAllowed(true)
                .setErr(new PrintWriter(new StringWriter()))
                .execute("--source", "kafka");
        assertThat(code).isEqualTo(2);
    }

    @Test
    void commandLineTakesTheSourceInLowerCaseAndDefaultsToTheReader() {
        FlinkBench defaults = new FlinkBench();
        new picocli.CommandLine(defaults).setCaseInsensitiveEnumValuesAllowed(true).parseArgs();
        assertThat(defaults.source).isEqualTo(FlinkBench.SourceApi.READER);

        FlinkBench legacy = new FlinkBench();
        new picocli.CommandLine(legacy).setCaseInsensitiveEnumValuesAllowed(true).parseArgs("--source", "legacy");
        assertThat(legacy.source).isEqualTo(FlinkBench.SourceApi.LEGACY);
        assertThat(legacy.source.label()).isEqualTo("legacy");
    }
}
