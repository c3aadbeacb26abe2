package io.eddy.optimizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.OperatorSpec;
import org.junit.jupiter.api.Test;

/** {@code ExecutionEnvironment.execute()} compiles the plan and hands the job graph to the configured executor. */
class ExecuteSubmitsCompiledPlanTest {

    @Test
    void executeHandsTheCompiledJobGraphToTheExecutor() throws Exception {
        Configuration conf = new Configuration().set(ExecutionOptions.TARGET, CapturingExecutorFactory.TARGET);
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(conf).setParallelism(2);
        env.generateSequence(1, 10).distinct().output(new NullOutputFormat<>());
        CapturingExecutorFactory.LAST.set(null);

        env.execute("captured");

        JobGraph graph = CapturingExecutorFactory.LAST.get();
        assertThat(graph).isNotNull();
        assertThat(graph.name()).isEqualTo("captured");
        assertThat(graph.vertices().stream().flatMap(v -> v.chain().stream()).map(OperatorSpec::kind))
                .contains("batchSource", "reduceCombine", "reduce", "batchSink");
        assertThat(env.getSinks()).isEmpty();
    }

    @Test
    void theJobListenersHearOfEverySubmittedJobWhileRegistered() throws Exception {
        Configuration conf = new Configuration().set(ExecutionOptions.TARGET, CapturingExecutorFactory.TARGET);
        java.util.List<io.eddy.jobgraph.JobId> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(conf);
        try (io.eddy.executor.JobListeners.Registration registration = io.eddy.executor.JobListeners.register(client -> heard.add(client.getJobId()))) {
            env.generateSequence(1, 10).output(new NullOutputFormat<>());
            env.execute("heard");
            assertThat(heard).containsExactly(CapturingExecutorFactory.LAST.get().jobId());
        }
        env.generateSequence(1, 10).output(new NullOutputFormat<>());
        env.execute("not heard");
        assertThat(heard).hasSize(1);
    }
}
