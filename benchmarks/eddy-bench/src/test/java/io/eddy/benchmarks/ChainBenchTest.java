package io.eddy.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.examples.statemachine.StateMachineDemo.SourceKind;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

class ChainBenchTest {

    @Test
    void theSinkCountsAndSumsTheEvenNumbersWithEitherSource() throws Exception {
        // An odd count over two subtasks: the subtasks get unequal shares, and the last number (odd after +1) is dropped.
        for (SourceKind source : SourceKind.values()) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            env.setParallelism(2);

            ChainBench.Outcome outcome = ChainBench.run(env, 10_001, source);

            assertThat(outcome.passed()).as(source.name()).isEqualTo(5_000);
            assertThat(outcome.sum()).as(source.name()).isEqualTo(5_000L * 5_001L);
            assertThat(outcome.correct()).as(source.name()).isTrue();
            assertThat(outcome.rate()).as(source.name()).isPositive();
        }
    }

    @Test
    void anOutcomeWithARecordLostIsNotCorrect() {
        assertThat(new ChainBench.Outcome(10, 5, 30, 1).correct()).isTrue();
        assertThat(new ChainBench.Outcome(10, 4, 20, 1).correct()).isFalse();
        assertThat(new ChainBench.Outcome(10, 5, 31, 1).correct()).isFalse();
    }

    @Test
    void theCommandPrintsAResultLinePerJob() {
        CommandRun run = CommandRun.of("chain", "--records", "20000", "--jobs", "2");

        assertThat(run.code()).isZero();
        assertThat(run.output())
                .containsPattern("(?m)^RESULT name=chain system=eddy rate=\\d+ records=20000 parallelism=1 seconds=[0-9.]+ passed=10000 sum=100010000"
                        + " source=reader job=1\n"
                        + "RESULT name=chain system=eddy rate=\\d+ records=20000 parallelism=1 seconds=[0-9.]+ passed=10000 sum=100010000"
                        + " source=reader job=2$");
    }
}
