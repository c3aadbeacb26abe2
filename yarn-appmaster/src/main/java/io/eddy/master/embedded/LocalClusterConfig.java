package io.eddy.master.embedded;

import io.eddy.configuration.Configuration;
import io.eddy.master.GatewayJobClient;
import io.eddy.master.MasterConfig;
import io.eddy.runtime.io.network.NetworkConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * The shape of a {@link LocalCluster}. Build with {@link #builder()}.
 *
 * @param workers the number of workers (default 1)
 * @param slotsPerWorker slots of each worker (default 1)
 * @param master the master's settings
 * @param network each worker's network settings (default: 1024 buffers of 32 KiB)
 * @param collectQueueCapacity batches a client's collect stream holds before the sinks wait (default 16)
 * @param workerShutdownTimeout how long closing a worker waits for its tasks to end (default 10 s)
 * @param workerConfiguration the workers' settings, e.g. managed memory and spill directories
 *     ({@code MemoryOptions}; default: the {@code eddy.*} system properties)
 */
public record LocalClusterConfig(int workers, int slotsPerWorker, MasterConfig master, NetworkConfig network,
        int collectQueueCapacity, Duration workerShutdownTimeout, Configuration workerConfiguration) {

    public LocalClusterConfig {
        Objects.requireNonNull(master, "master");
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(workerShutdownTimeout, "workerShutdownTimeout");
        Objects.requireNonNull(workerConfiguration, "workerConfiguration");
        if (workers < 1) {
            throw new IllegalArgumentException("workers: " + workers + " (expected: >= 1)");
        }
        if (slotsPerWorker < 1) {
            throw new IllegalArgumentException("slots per worker: " + slotsPerWorker + " (expected: >= 1)");
        }
        if (collectQueueCapacity < 1) {
            throw new IllegalArgumentException("collect queue capacity: " + collectQueueCapacity + " (expected: >= 1)");
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Builder with the defaults listed on {@link LocalClusterConfig}. */
    public static final class Builder {
        private int workers = 1;
        private int slotsPerWorker = 1;
        private MasterConfig master = MasterConfig.defaults();
        private NetworkConfig network = NetworkConfig.builder().totalBuffers(1024).build();
        private int collectQueueCapacity = GatewayJobClient.DEFAULT_COLLECT_QUEUE_CAPACITY;
        private Duration workerShutdownTimeout = Duration.ofSeconds(10);
        private Configuration workerConfiguration;

        public Builder workers(int workers) {
            this.workers = workers;
            return this;
        }

        public Builder slotsPerWorker(int slots) {
            this.slotsPerWorker = slots;
            return this;
        }

        public Builder master(MasterConfig master) {
            this.master = master;
            return this;
        }

        public Builder network(NetworkConfig network) {
            this.network = network;
            return this;
        }

        public Builder collectQueueCapacity(int batches) {
            this.collectQueueCapacity = batches;
            return this;
        }

        public Builder workerShutdownTimeout(Duration timeout) {
            this.workerShutdownTimeout = timeout;
            return this;
        }

        public Builder workerConfiguration(Configuration configuration) {
            this.workerConfiguration = configuration;
            return this;
        }

        public LocalClusterConfig build() {
            return new LocalClusterConfig(workers, slotsPerWorker, master, network, collectQueueCapacity, workerShutdownTimeout,
                    workerConfiguration != null ? workerConfiguration : Configuration.fromSystemProperties());
        }
    }
}
