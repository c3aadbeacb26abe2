package io.eddy.benchmarks.flink.batch;

import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.TaskManagerOptions;

/**
 * The Flink 1.20 DataSet environment of the batch benchmarks: a local environment (a MiniCluster
 * with one TaskManager and a slot per parallel subtask, as Flink builds it for local execution) with
 * the TaskManager's managed memory set explicitly, so that a benchmark can make the sorter spill.
 */
final class LocalEnvironments {

    private LocalEnvironments() {}

    /** A local environment of {@code parallelism} with {@code managedMemoryMb} MiB of managed memory for the whole TaskManager. */
    static ExecutionEnvironment create(int parallelism, int managedMemoryMb) {
        if (parallelism < 1 || managedMemoryMb < 1) {
            throw new IllegalArgumentException("parallelism: " + parallelism + ", managed memory: " + managedMemoryMb + " MiB (expected: both positive)");
        }
        Configuration configuration = new Configuration();
        configuration.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(managedMemoryMb));
        ExecutionEnvironment env = ExecutionEnvironment.createLocalEnvironment(configuration);
        env.setParallelism(parallelism);
        return env;
    }
}
