package io.eddy.runtime.cluster;

import java.util.Objects;

/**
 * A worker's JVM and memory at one moment, as its metrics reporter read them (docs/monitoring.md,
 * "Metrics"). Counts ({@code gcCollections}, {@code gcMillis}, {@code spilledBytes}) are since the
 * worker started and never decrease.
 *
 * @param worker the worker
 * @param heapUsedBytes the JVM heap in use
 * @param heapMaxBytes the most heap the JVM may use
 * @param gcCollections garbage collections, all collectors
 * @param gcMillis time spent in them
 * @param managedUsedBytes managed memory (sort, hash and spill buffers) allocated or reserved by tasks
 * @param managedTotalBytes the worker's managed memory
 * @param spilledBytes bytes its tasks wrote to spill files
 */
public record WorkerSample(WorkerId worker, long heapUsedBytes, long heapMaxBytes, long gcCollections, long gcMillis, long managedUsedBytes,
        long managedTotalBytes, long spilledBytes) {

    public WorkerSample {
        Objects.requireNonNull(worker, "worker");
    }
}
