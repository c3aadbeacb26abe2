package io.eddy.api.java;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.optimizer.OptimizerOptions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A batch job's settings: the restart strategy the program or its configuration names travels in
 * the job graph, beside the plan the optimizer chose (for the dashboard).
 */
class BatchJobSettingsTest {

    private static JobGraph plan(ExecutionEnvironment env) {
        env.generateSequence(1, 10).output(new DiscardingOutputFormat<>());
        return env.getJobGraph("settings");
    }

    /** The job's settings but the plan (each job graph of a batch program carries it). */
    private static Map<String, String> settings(ExecutionEnvironment env) {
        Map<String, String> settings = new HashMap<>(plan(env).settings());
        assertThat(settings.remove(OptimizerOptions.CHOSEN_PLAN.key())).startsWith("Plan of job 'settings'").contains("Sequence Source");
        return settings;
    }

    @Test
    void aRestartStrategyTheProgramSetsTravelsWithTheJob() {
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(new Configuration());
        env.setRestartStrategy(RestartStrategy.fixedDelay(4, Duration.ofMillis(250)));
        assertThat(settings(env)).isEqualTo(RestartStrategy.fixedDelay(4, Duration.ofMillis(250)).toSettings())
                .containsEntry(RestartStrategy.KEY, "fixed-delay");
        assertThat(env.getRestartStrategy()).isEqualTo(RestartStrategy.fixedDelay(4, Duration.ofMillis(250)));
    }

    @Test
    void theConfigurationsRestartKeysApplyUnlessTheProgramSetsOne() {
        Configuration configuration = new Configuration();
        configuration.setString("restart-strategy", "failure-rate");
        configuration.setString("restart-strategy.failure-rate.max-failures-per-interval", "2");
        configuration.setString("worker.memory.managed.size", "64m");
        assertThat(settings(ExecutionEnvironment.getExecutionEnvironment(configuration)))
                .containsOnlyKeys("restart-strategy", "restart-strategy.failure-rate.max-failures-per-interval")
                .containsEntry("restart-strategy", "failure-rate");

        ExecutionEnvironment overriding = ExecutionEnvironment.getExecutionEnvironment(configuration);
        overriding.setRestartStrategy(RestartStrategy.none());
        assertThat(settings(overriding)).as("the program's strategy replaces all of the configuration's keys")
                .isEqualTo(RestartStrategy.none().toSettings());
    }

    @Test
    void withoutAStrategyAJobHasNoSettingsButItsPlanAndRunsWithTheClusters() {
        assertThat(settings(ExecutionEnvironment.getExecutionEnvironment(new Configuration()))).isEmpty();
    }
}
