package io.eddy.streaming.api.datastream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.streaming.api.CheckpointingMode;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The checkpoint and restart settings a program writes into its job graph, and the plan-time errors. */
class CheckpointConfigTest {

    private static StreamExecutionEnvironment env(Configuration conf) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        return env;
    }

    private static JobGraph plan(StreamExecutionEnvironment env) {
        env.generateSequence(1, 10).print();
        return env.getJobGraph("cp");
    }

    @Test
    void checkpointSettingsTravelInTheJobGraph() {
        StreamExecutionEnvironment env = env(new Configuration());
        env.enableCheckpointing(100, CheckpointingMode.AT_LEAST_ONCE);
        env.getCheckpointConfig().setCheckpointStorage("file:///tmp/cps").setMaxConcurrentCheckpoints(2).setRetainedCheckpoints(3)
                .setMinPauseBetweenCheckpoints(Duration.ofMillis(20)).setCheckpointTimeout(Duration.ofSeconds(30))
                .setTolerableCheckpointFailureNumber(-1).setSavepointDirectory("file:///tmp/sps");
        env.setRestartStrategy(RestartStrategy.fixedDelay(5, Duration.ofMillis(200)));
        assertThat(plan(env).settings()).containsEntry("execution.checkpointing.interval", "100ms")
                .containsEntry("execution.checkpointing.mode", "AT_LEAST_ONCE")
                .containsEntry("execution.checkpointing.max-concurrent", "2")
                .containsEntry("execution.checkpointing.retained", "3")
                .containsEntry("execution.checkpointing.min-pause", "20ms")
                .containsEntry("execution.checkpointing.timeout", "30000ms")
                .containsEntry("execution.checkpointing.tolerable-failures", "-1")
                .containsEntry("state.checkpoint-storage", "filesystem")
                .containsEntry("state.checkpoints.dir", "file:///tmp/cps")
                .containsEntry("state.savepoints.dir", "file:///tmp/sps")
                .containsEntry("restart-strategy", "fixed-delay")
                .containsEntry("restart-strategy.fixed-delay.attempts", "5")
                .containsEntry("restart-strategy.fixed-delay.delay", "200ms");
    }

    @Test
    void withoutCheckpointingTheSettingsStayEmpty() {
        assertThat(plan(env(new Configuration())).settings()).isEmpty();
    }

    @Test
    void theProgramConfigurationGivesDefaultsThatTheConfigOverrides() {
        Configuration conf = new Configuration().setString("state.checkpoints.dir", "file:///conf").setString("execution.checkpointing.retained", "4")
                .setString("restart-strategy", "none").setString("execution.savepoint.path", "file:///sp/savepoint-1").setString("other", "x");
        StreamExecutionEnvironment env = env(conf);
        env.enableCheckpointing(50);
        env.getCheckpointConfig().setRetainedCheckpoints(2);
        assertThat(plan(env).settings()).containsEntry("state.checkpoints.dir", "file:///conf").containsEntry("execution.checkpointing.retained", "2")
                .containsEntry("restart-strategy", "none").containsEntry("execution.savepoint.path", "file:///sp/savepoint-1")
                .doesNotContainKey("other");
    }

    @Test
    void fileSystemStorageWithoutADirectoryIsAPlanError() {
        StreamExecutionEnvironment env = env(new Configuration());
        env.enableCheckpointing(100);
        assertThatThrownBy(() -> plan(env)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("state.checkpoints.dir").hasMessageContaining("setCheckpointStorage");
        env.getCheckpointConfig().setMemoryCheckpointStorage();
        assertThat(env.getJobGraph("cp").settings()).containsEntry("state.checkpoint-storage", "memory");
    }

    @Test
    void onYarnAJobWithoutACheckpointDirectoryGetsTheApplicationsOneLater() {
        for (String target : new String[] {"yarn", "yarn-session"}) {
            StreamExecutionEnvironment env = env(new Configuration().setString("execution.target", target));
            env.enableCheckpointing(100);
            assertThat(plan(env).settings()).as(target).containsEntry("execution.checkpointing.interval", "100ms")
                    .doesNotContainKey("state.checkpoints.dir");
        }
        StreamExecutionEnvironment remote = env(new Configuration().setString("execution.target", "remote"));
        remote.enableCheckpointing(100);
        assertThatThrownBy(() -> plan(remote)).hasMessageContaining("state.checkpoints.dir");
    }

    @Test
    void badValuesFailWhereTheyAreSet() {
        StreamExecutionEnvironment env = env(new Configuration());
        assertThatThrownBy(() -> env.enableCheckpointing(5)).hasMessageContaining("checkpoint interval: 5 ms").hasMessageContaining(">= 10 ms");
        assertThatThrownBy(() -> env.getCheckpointConfig().setMaxConcurrentCheckpoints(0)).hasMessageContaining("setMaxConcurrentCheckpoints: 0");
        assertThatThrownBy(() -> env.getCheckpointConfig().setRetainedCheckpoints(0)).hasMessageContaining("setRetainedCheckpoints: 0");
        assertThatThrownBy(() -> env.getCheckpointConfig().setCheckpointTimeout(Duration.ZERO)).hasMessageContaining("setCheckpointTimeout");
        assertThatThrownBy(() -> RestartStrategy.fixedDelay(-1, Duration.ZERO)).hasMessageContaining("attempts -1");
        Configuration conf = new Configuration().setString("execution.checkpointing.interval", "3ms");
        assertThatThrownBy(() -> plan(env(conf))).hasMessageContaining("execution.checkpointing.interval: 3 ms");
        Configuration mode = new Configuration().setString("execution.checkpointing.interval", "1s").setString("state.checkpoint-storage", "memory")
                .setString("execution.checkpointing.mode", "sometimes");
        assertThatThrownBy(() -> plan(env(mode))).hasMessageContaining("execution.checkpointing.mode");
    }
}
