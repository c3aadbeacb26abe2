package io.eddy.examples.statemachine;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.examples.statemachine.model.EventGenerator;
import io.eddy.examples.statemachine.model.GeneratorSpec;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Runs the state machine demo on the embedded cluster. */
@Timeout(120)
class StateMachineDemoITCase {

    private static final long EVENTS = 200_000;
    private static final int PARALLELISM = 2;

    @ParameterizedTest
    @EnumSource(StateMachineDemo.SourceKind.class)
    void findsExactlyTheInjectedInvalidTransitions(StateMachineDemo.SourceKind source) throws Exception {
        GeneratorSpec spec = GeneratorSpec.DEFAULT.withInvalidProbability(0.001);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(PARALLELISM);

        StateMachineDemo.Summary summary = StateMachineDemo.run(env, spec, EVENTS, new AlertSink(0), source);

        long expectedInjected = replayInjected(spec);
        assertThat(expectedInjected).as("the generators inject some invalid transitions").isGreaterThan(100);
        assertThat(summary.injected()).as("injected, as counted by the sources").isEqualTo(expectedInjected);
        assertThat(summary.alerts()).as("alerts raised by the detector").isEqualTo(expectedInjected);
        assertThat(summary.matches()).isTrue();
        assertThat(summary.events()).isEqualTo(EVENTS);
        assertThat(summary.netRuntimeMillis()).isPositive();
    }

    @Test
    void summaryNamesTheCheckAndTheThroughput() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StateMachineDemo.print(new StateMachineDemo.Summary(1_000, 3, 3, 500), 2, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("check: OK").contains("2,000 events/s").contains("parallelism 2");

        bytes.reset();
        StateMachineDemo.print(new StateMachineDemo.Summary(1_000, 2, 3, 500), 2, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("check: FAILED, 2 alerts for 3 injected");
    }

    /** The number of invalid transitions the generators of all subtasks inject, computed without Eddy. */
    private static long replayInjected(GeneratorSpec spec) {
        long injected = 0;
        for (int subtask = 0; subtask < PARALLELISM; subtask++) {
            EventGenerator generator = new EventGenerator(spec, subtask, PARALLELISM);
            for (long i = GeneratorSpec.eventsForSubtask(EVENTS, subtask, PARALLELISM); i > 0; i--) {
                generator.next();
            }
            injected += generator.injectedInvalid();
        }
        return injected;
    }
}
