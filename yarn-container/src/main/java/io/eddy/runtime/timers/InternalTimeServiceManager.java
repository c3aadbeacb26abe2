package io.eddy.runtime.timers;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.operators.TimerService;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.state.KeyGroupedSnapshotable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The timer services of one keyed operator, by name: creates each on first request (registering
 * it as a snapshot participant of the keyed backend), advances all of them on a watermark, and
 * closes them with the operator. Task thread only.
 */
public final class InternalTimeServiceManager {

    private final String operatorName;
    private final HeapKeyedStateBackend backend;
    private final TimerService processingTimeService;
    private final Consumer<KeyGroupedSnapshotable> snapshotRegistrar;
    private final Map<String, HeapInternalTimerService<?, ?>> services = new LinkedHashMap<>();

    /**
     * @param operatorName the operator's name with subtask, for errors
     * @param backend the operator's keyed backend
     * @param processingTimeService the task's processing-time timers
     * @param snapshotRegistrar registers a new service with the keyed backend's snapshots
     */
    public InternalTimeServiceManager(String operatorName, HeapKeyedStateBackend backend, TimerService processingTimeService,
            Consumer<KeyGroupedSnapshotable> snapshotRegistrar) {
        this.operatorName = operatorName;
        this.backend = backend;
        this.processingTimeService = processingTimeService;
        this.snapshotRegistrar = snapshotRegistrar;
    }

    /**
     * The service {@code name}, created on the first call; later calls must pass the same
     * triggerable and an equal namespace serializer.
     *
     * @throws IllegalStateException if {@code name} is already used with another triggerable or namespace serializer
     */
    @SuppressWarnings("unchecked")
    public <K, N> HeapInternalTimerService<K, N> getInternalTimerService(String name, TypeSerializer<N> namespaceSerializer,
            Triggerable<K, N> triggerable) {
        HeapInternalTimerService<?, ?> existing = services.get(name);
        if (existing != null) {
            if (!existing.hasTriggerable(triggerable) || !existing.hasNamespaceSerializer(namespaceSerializer)) {
                throw new IllegalStateException("Timer service '" + name + "' of operator '" + operatorName + "' already exists with "
                        + "another triggerable or namespace serializer: give each use of timers its own service name");
            }
            return (HeapInternalTimerService<K, N>) existing;
        }
        HeapInternalTimerService<K, N> service = new HeapInternalTimerService<>(name, operatorName, backend, namespaceSerializer,
                processingTimeService, triggerable);
        snapshotRegistrar.accept(service);
        services.put(name, service);
        return service;
    }

    /** Fires the event-time timers of every service up to {@code time}, service by service in creation order. */
    public void advanceWatermark(long time) throws Exception {
        for (HeapInternalTimerService<?, ?> service : services.values()) {
            service.advanceWatermark(time);
        }
    }

    /** Cancels the pending processing-time callbacks. */
    public void close() {
        for (HeapInternalTimerService<?, ?> service : services.values()) {
            service.close();
        }
    }
}
