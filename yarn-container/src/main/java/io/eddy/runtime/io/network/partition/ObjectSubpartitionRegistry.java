package io.eddy.runtime.io.network.partition;

import io.eddy.jobgraph.JobId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The object subpartitions of one worker, by partition and subpartition: producers register them,
 * local consumers look them up (possibly before the producer registered: the lookup waits). Thread-safe.
 */
public final class ObjectSubpartitionRegistry {

    private record Key(ResultPartitionId partition, int subpartition) {}

    private final Map<Key, CompletableFuture<ObjectSubpartition>> entries = new ConcurrentHashMap<>();

    /** Registers the producer's subpartition; consumers waiting for it get it now. */
    public void register(ResultPartitionId partition, int subpartition, ObjectSubpartition objects) {
        CompletableFuture<ObjectSubpartition> slot = entries.computeIfAbsent(new Key(partition, subpartition), k -> new CompletableFuture<>());
        if (!slot.complete(objects)) {
            throw new IllegalStateException("Bug: object subpartition " + subpartition + " of " + partition + " is registered twice");
        }
    }

    /** The subpartition, now or once its producer registers it. */
    public CompletableFuture<ObjectSubpartition> await(ResultPartitionId partition, int subpartition) {
        return entries.computeIfAbsent(new Key(partition, subpartition), k -> new CompletableFuture<>());
    }

    /** Forgets a subpartition (its consumer read it to the end or gave up). */
    public void unregister(ResultPartitionId partition, int subpartition) {
        entries.remove(new Key(partition, subpartition));
    }

    /** Releases and forgets every subpartition of {@code job}; waiting consumers fail. */
    public void releaseAllOf(JobId job) {
        List<Key> keys = new ArrayList<>();
        for (Key key : entries.keySet()) {
            if (key.partition().job().equals(job)) {
                keys.add(key);
            }
        }
        for (Key key : keys) {
            CompletableFuture<ObjectSubpartition> slot = entries.remove(key);
            if (slot == null) {
                continue;
            }
            if (slot.isDone() && !slot.isCompletedExceptionally()) {
                slot.join().release();
            } else {
                slot.completeExceptionally(new PartitionNotFoundException(key.partition() + " (subpartition " + key.subpartition()
                        + ") was released before its producer registered it: the job ended"));
            }
        }
    }

    /** The number of registered or awaited subpartitions (for tests and metrics). */
    public int size() {
        return entries.size();
    }
}
