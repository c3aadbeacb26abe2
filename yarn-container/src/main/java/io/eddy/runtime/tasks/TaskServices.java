package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.NetworkEnvironment;
import java.util.Objects;

/**
 * The worker's services a task uses.
 *
 * @param network the worker's network environment; may be null only for a vertex without input
 *     and output edges (tests of a single chain)
 * @param listener hears about the task's life cycle
 * @param collectGateway where {@code COLLECT_SINK} operators send their batches; may be null if
 *     the job has no collect sink
 * @param workerName the worker's name, for logs
 */
public record TaskServices(NetworkEnvironment network, TaskListener listener, CollectGateway collectGateway, String workerName) {

    public TaskServices {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(workerName, "workerName");
    }
}
