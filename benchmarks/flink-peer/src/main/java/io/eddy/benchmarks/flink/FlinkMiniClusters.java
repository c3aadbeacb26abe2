package io.eddy.benchmarks.flink;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * Runs a Flink job on a {@link MiniCluster} of the shape a benchmark asks for: {@link
 * Shape#EMBEDDED} is what Flink's local environment builds (one TaskManager with a slot per
 * parallel subtask, exchanges through local channels), {@link Shape#NETWORK} one TaskManager per
 * subtask with one slot each, so the keyed exchange crosses Netty between TaskManagers.
 */
final class FlinkMiniClusters {

    /** The cluster layout. */
    enum Shape {
        EMBEDDED,
        NETWORK
    }

    private FlinkMiniClusters() {}

    /** Starts a cluster of {@code shape} for {@code env}'s parallelism, runs its job, stops the cluster. */
    static JobExecutionResult run(StreamExecutionEnvironment env, Shape shape, String jobName) throws Exception {
        return run(env, shape, jobName, 1).get(0);
    }

    /**
     * Starts a cluster of {@code shape} for {@code env}'s parallelism, runs its job {@code jobs} times
     * one after another (each a new job with its own id, as a client submitting the same program
     * again would), stops the cluster.
     *
     * @return the results in the order the jobs ran
     */
    static List<JobExecutionResult> run(StreamExecutionEnvironment env, Shape shape, String jobName, int jobs) throws Exception {
        return runMeasured(env, shape, jobName, jobs).stream().map(Executed::result).toList();
    }

    /**
     * A job's result and the CPU time the OS counted for this JVM, all threads (the mini cluster runs
     * in it), from the job's submission to its end.
     */
    record Executed(JobExecutionResult result, long cpuNanos) {}

    /** {@link #run}, with each job's CPU time. */
    static List<Executed> runMeasured(StreamExecutionEnvironment env, Shape shape, String jobName, int jobs) throws Exception {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs: " + jobs + " (expected: at least 1)");
        }
        int parallelism = env.getParallelism();
        MiniClusterConfiguration configuration = new MiniClusterConfiguration.Builder()
                .setConfiguration(new Configuration())
                .setNumTaskManagers(shape == Shape.NETWORK ? parallelism : 1)
                .setNumSlotsPerTaskManager(shape == Shape.NETWORK ? 1 : parallelism)
                .withRandomPorts()
                .build();
        StreamGraph streamGraph = env.getStreamGraph();
        streamGraph.setJobName(jobName);
        List<Executed> results = new ArrayList<>(jobs);
        try (MiniCluster cluster = new MiniCluster(configuration)) {
            cluster.start();
            for (int i = 0; i < jobs; i++) {
                JobGraph jobGraph = streamGraph.getJobGraph();
                jobGraph.setJobID(new JobID());
                long cpuBefore = processCpuNanos();
                JobExecutionResult result = cluster.executeJobBlocking(jobGraph);
                results.add(new Executed(result, processCpuNanos() - cpuBefore));
            }
        }
        return results;
    }

    /** The CPU time the OS counted for this process so far, all threads. */
    static long processCpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration()
                .orElseThrow(() -> new IllegalStateException("The OS does not tell this process's CPU time (needed for cpu_ns_per_event)"))
                .toNanos();
    }
}
