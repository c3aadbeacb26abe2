package io.eddy.runtime.iteration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link LaneResources} of one lane of one job on a worker: a map key → resource. The worker
 * creates one per prepared job and lane, and closes it when the job is released; a task outside a
 * worker (a test) gets one of its own. Thread-safe: every method holds the map's monitor, also
 * while {@code create} runs, so that racing callers get the same object.
 */
public final class LaneResourceMap implements LaneResources, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LaneResourceMap.class);

    private final String owner;
    // Guarded by this.
    private final Map<String, AutoCloseable> resources = new LinkedHashMap<>();
    // Guarded by this.
    private boolean closed;

    /** @param owner names the lane in logs and errors, e.g. {@code "job 1a2b…, lane 3"} */
    public LaneResourceMap(String owner) {
        this.owner = Objects.requireNonNull(owner, "owner");
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalStateException if the lane was closed (its job was released), or {@code key}
     *     holds an object of another type
     */
    @Override
    public synchronized <T extends AutoCloseable> T computeIfAbsent(String key, Class<T> type, Supplier<T> create) {
        Objects.requireNonNull(key, "key");
        if (closed) {
            throw new IllegalStateException("The shared resources of " + owner + " were closed (the job was released from this worker):"
                    + " cannot provide '" + key + "'");
        }
        AutoCloseable existing = resources.get(key);
        if (existing == null) {
            T created = Objects.requireNonNull(create.get(), () -> "the factory of lane resource '" + key + "' returned null");
            resources.put(key, created);
            return created;
        }
        if (!type.isInstance(existing)) {
            throw new IllegalStateException("Bug: lane resource '" + key + "' of " + owner + " is a " + existing.getClass().getName()
                    + ", not a " + type.getName() + ": two components use the same key");
        }
        return type.cast(existing);
    }

    @Override
    public void remove(String key) {
        AutoCloseable removed;
        synchronized (this) {
            removed = resources.remove(key);
        }
        closeLogging(key, removed);
    }

    /** The number of resources held (for tests). */
    public synchronized int size() {
        return resources.size();
    }

    /** Closes every resource (failures are logged); later {@link #computeIfAbsent} calls fail. Idempotent. */
    @Override
    public void close() {
        List<Map.Entry<String, AutoCloseable>> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(resources.entrySet());
            resources.clear();
        }
        for (Map.Entry<String, AutoCloseable> e : all) {
            closeLogging(e.getKey(), e.getValue());
        }
    }

    private void closeLogging(String key, AutoCloseable resource) {
        if (resource == null) {
            return;
        }
        try {
            resource.close();
        } catch (Exception e) {
            LOG.warn("Closing lane resource '{}' of {} failed; it is dropped anyway", key, owner, e);
        }
    }

    @Override
    public String toString() {
        return "LaneResourceMap{" + owner + "}";
    }
}
