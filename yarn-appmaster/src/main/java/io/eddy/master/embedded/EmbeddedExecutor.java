package io.eddy.master.embedded;

import io.eddy.configuration.Configuration;
import io.eddy.executor.ExecutionOptions;
import io.eddy.executor.JobClient;
import io.eddy.executor.PipelineExecutor;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.master.MasterConfig;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs each job on a {@link LocalCluster} sized for it: {@link ExecutionOptions#EMBEDDED_WORKERS}
 * workers (default 1) with {@link ExecutionOptions#EMBEDDED_SLOTS} slots each (default: as many as
 * the job needs, spread over the workers). The cluster stops when the job has ended; the collect
 * streams' batches are on the client side by then, so they can still be read.
 */
final class EmbeddedExecutor implements PipelineExecutor {

    private final Configuration configuration;

    EmbeddedExecutor(Configuration configuration) {
        this.configuration = configuration;
    }

    @Override
    public JobClient submit(JobGraph jobGraph, List<Path> userJars, ClassLoader userClassLoader) throws Exception {
        LocalClusterConfig clusterConfig = clusterConfigFor(jobGraph);
        LocalCluster cluster = LocalCluster.start(clusterConfig);
        try {
            return new EmbeddedJobClient(cluster.submit(jobGraph, userJars, userClassLoader), cluster);
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    LocalClusterConfig clusterConfigFor(JobGraph jobGraph) {
        int needed = jobGraph.vertices().stream().mapToInt(JobVertex::parallelism).max().orElse(1);
        int workers = configuration.get(ExecutionOptions.EMBEDDED_WORKERS);
        if (workers < 1) {
            throw new IllegalArgumentException("Configuration option '" + ExecutionOptions.EMBEDDED_WORKERS.key() + "' is " + workers
                    + " (expected: >= 1)");
        }
        Integer slots = configuration.get(ExecutionOptions.EMBEDDED_SLOTS);
        int slotsPerWorker = slots != null ? slots : Math.max(1, (needed + workers - 1) / workers);
        return LocalClusterConfig.builder()
                .workers(workers)
                .slotsPerWorker(slotsPerWorker)
                .master(MasterConfig.fromConfiguration(configuration))
                // The program's settings (e.g. worker.memory.managed.size) over the eddy.* system properties.
                .workerConfiguration(Configuration.fromSystemProperties().merge(configuration))
                .build();
    }
}
