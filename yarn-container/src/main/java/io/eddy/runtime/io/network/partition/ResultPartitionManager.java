package io.eddy.runtime.io.network.partition;

import io.eddy.jobgraph.JobId;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The result partitions registered at one worker, and the readers waiting for partitions not yet
 * registered (a consumer may be deployed before its producer).
 *
 * <p>Threads: all methods are synchronized on the manager; registration is rare (per task), so the
 * lock is never on a data path. Futures are completed outside the lock.
 */
public final class ResultPartitionManager {

    private final Map<ResultPartitionId, ResultPartition> partitions = new HashMap<>();
    private final Map<ResultPartitionId, CompletableFuture<ResultPartition>> waiting = new HashMap<>();

    public void register(ResultPartition partition) throws IOException {
        CompletableFuture<ResultPartition> waiter;
        synchronized (this) {
            if (partitions.containsKey(partition.id())) {
                throw new IOException(partition.id() + " is already registered: each attempt of a producer must use a new attempt number");
            }
            partitions.put(partition.id(), partition);
            waiter = waiting.remove(partition.id());
        }
        if (waiter != null) {
            waiter.complete(partition);
        }
    }

    /** Removes the partition (called when it is released). */
    public synchronized void unregister(ResultPartition partition) {
        partitions.remove(partition.id(), partition);
    }

    /**
     * The partition, now or when it is registered. Each caller gets its own future, so a caller may
     * time it out (e.g. with {@code orTimeout}) without affecting other waiters.
     */
    public CompletableFuture<ResultPartition> awaitPartition(ResultPartitionId id) {
        synchronized (this) {
            ResultPartition partition = partitions.get(id);
            if (partition != null) {
                return CompletableFuture.completedFuture(partition);
            }
            return waiting.computeIfAbsent(id, k -> new CompletableFuture<>()).thenApply(p -> p);
        }
    }

    /** Releases every partition of {@code job} and forgets waiters for them. */
    public void releasePartitionsOf(JobId job) {
        List<ResultPartition> toRelease = new ArrayList<>();
        synchronized (this) {
            for (ResultPartition partition : partitions.values()) {
                if (partition.id().job().equals(job)) {
                    toRelease.add(partition);
                }
            }
            waiting.keySet().removeIf(id -> id.job().equals(job));
        }
        for (ResultPartition partition : toRelease) {
            partition.release();
        }
    }

    /** Releases everything (shutdown). */
    public void releaseAll() {
        List<ResultPartition> toRelease;
        synchronized (this) {
            toRelease = new ArrayList<>(partitions.values());
            waiting.clear();
        }
        for (ResultPartition partition : toRelease) {
            partition.release();
        }
    }

    public synchronized int numberOfPartitions() {
        return partitions.size();
    }
}
