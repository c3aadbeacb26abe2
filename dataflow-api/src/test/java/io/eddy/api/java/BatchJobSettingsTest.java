package io.eddy.api.java;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A batch job's settings: the restart strategy the program or its configuration names travels in the job graph. */
class BatchJobSettingsTest {

    private static JobGraph plan(ExecutionEnvironment env) {
        env.generateSequence(1, 10).output(new DiscardingOutputFormat<>());
        return env.getJobGraph("settings");
    }

    @Test
    void aRestartStrategyTheProgramSetsTravelsWithTheJob() {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setRestartStrategy(RestartStrategy.fixedDelay(4, Duration.ofMillis(250)));
        assertThat(plan(env).settings()).isEqualTo(RestartStrategy.fixedDelay(4, Duration.ofMillis(250)).toSettings())
                .containsEntry(RestartStrategy.KEY, "fixed-delay");
        assertThat(env.getRestartStrategy()).isEqualTo(RestartStrategy.fixedDelay(4, Duration.ofMillis(250)));
    }

    @Test
    void theConfigurationsRestartKeysApplyUnlessTheProgramSetsOne() {
        Configuration configuration = new Configuration();
        configuration.setString("restart-strategy", "failure-rate");
        configuration.setString("restart-strategy.failure-rate.max-failures-per-interval", "2");
        configuration.setString("worker.memory.managed.size", "64m");
        assertThat(plan(ExecutionEnvironment.getExecutionEnvironment(configuration)).settings())
                .containsOnlyKeys("restart-strategy", "restart-strategy.failure-rate.max-failures-per-interval")
                .containsEntry("restart-strategy", "failure-rate");

        ExecutionEnvironment overriding = ExecutionEnvironment.getExecutionEnvironment(configuration);
        overriding.setRestartStrategy(RestartStrategy.none());
        assertThat(plan(overriding).settings()).as("the program's strategy replaces all of the configuration's keys")
                .isEqualTo(RestartStrategy.none().toSettings());
    }

    @Test
    void withoutAStrategyAJobHasNoSettingsAndRunsWithTheClusters() {
        assertThat(plan(ExecutionEnvironment.getExecutionEnvironment(new Configuration())).settings()).isEmpty();
    }
}
