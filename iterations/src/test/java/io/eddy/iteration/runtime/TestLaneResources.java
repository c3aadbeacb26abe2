package io.eddy.iteration.runtime;

import io.eddy.runtime.iteration.LaneResources;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * {@link LaneResources} for tests: a concurrent map. A failure to close a removed resource is kept
 * in {@link #closeFailures()} (the real one logs it), so tests can assert there was none.
 */
final class TestLaneResources implements LaneResources {

    private final ConcurrentHashMap<String, AutoCloseable> resources = new ConcurrentHashMap<>();
    private final List<Exception> closeFailures = new ArrayList<>();

    @Override
    public <T extends AutoCloseable> T computeIfAbsent(String key, Class<T> type, Supplier<T> create) {
        AutoCloseable resource = resources.computeIfAbsent(key, k -> create.get());
        if (!type.isInstance(resource)) {
            throw new IllegalStateException("lane resource '" + key + "' is a " + resource.getClass().getName() + ", not a " + type.getName());
        }
        return type.cast(resource);
    }

    @Override
    public void remove(String key) {
        AutoCloseable resource = resources.remove(key);
        if (resource != null) {
            try {
                resource.close();
            } catch (Exception e) {
                synchronized (closeFailures) {
                    closeFailures.add(e);
                }
            }
        }
    }

    /** The resource under {@code key}, or null. */
    AutoCloseable get(String key) {
        return resources.get(key);
    }

    List<Exception> closeFailures() {
        synchronized (closeFailures) {
            return List.copyOf(closeFailures);
        }
    }
}
