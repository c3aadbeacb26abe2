package io.eddy.master.embedded;

import io.eddy.configuration.WorkerMemoryOptions;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobClient;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.memory.MemoryManager;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class EmbeddedExecutorITCase {

    @Test
    void theEmbeddedTargetIsFoundThroughTheServiceLoader() {
        assertThat(ServiceLoader.load(PipelineExecutorFactory.class).stream().map(ServiceLoader.Provider::get)
                .filter(f -> f.target().equals("embedded")).toList()).singleElement().isInstanceOf(EmbeddedExecutorFactory.class);
    }

    @Test
    void runsAJobOnAClusterSizedForItAndStopsTheClusterAfterwards() throws Exception {
        JobGraph graph = TestJobs.keyedSum(3, 1_000, 5);
        PipelineExecutor executor = new EmbeddedExecutorFactory().create(new Configuration());

        JobClient client = executor.submit(graph, List.of(), getClass().getClassLoader());
        List<Tuple2<Long, Long>> records = TestJobs.readAll(client.openCollectStream(TestJobs.COLLECT_ID));
        JobExecutionResult result = client.getJobResult().get(60, TimeUnit.SECONDS);

        assertThat(records).hasSize(3_000);
        assertThat(result.<Long>getAccumulatorResult("emitted")).isEqualTo(3_000L);
        assertThat(LocalClusterExtension.leakedThreads()).isEmpty();
    }

    @Test
    void workersAndSlotsCanBeChosen() {
        Configuration conf = new Configuration().set(ExecutionOptions.EMBEDDED_WORKERS, 2);
        EmbeddedExecutor executor = new EmbeddedExecutor(conf);

        LocalClusterConfig sized = executor.clusterConfigFor(TestJobs.keyedSum(3, 1, 1));
        LocalClusterConfig fixed = new EmbeddedExecutor(conf.set(ExecutionOptions.EMBEDDED_SLOTS, 4)).clusterConfigFor(TestJobs.keyedSum(3, 1, 1));

        assertThat(sized.workers()).isEqualTo(2);
        assertThat(sized.slotsPerWorker()).isEqualTo(2);
        assertThat(fixed.slotsPerWorker()).isEqualTo(4);
    }

    @Test
    void theProgramsWorkerSettingsReachTheEmbeddedWorkers() throws Exception {
        Configuration conf = new Configuration().setString(WorkerMemoryOptions.MANAGED_MEMORY_SIZE.key(), "8mb");
        LocalClusterConfig config = new EmbeddedExecutor(conf).clusterConfigFor(TestJobs.keyedSum(3, 1, 1));
        assertThat(config.workerConfiguration().get(WorkerMemoryOptions.MANAGED_MEMORY_SIZE).bytes()).isEqualTo(8L << 20);
        try (LocalCluster cluster = LocalCluster.start(config)) {
            MemoryManager memory = cluster.workers().get(0).memoryManager();
            assertThat((long) memory.totalPages() * memory.pageSize()).isEqualTo(8L << 20);
        }
    }
}
