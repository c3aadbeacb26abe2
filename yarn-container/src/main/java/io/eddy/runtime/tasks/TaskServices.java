package io.eddy.runtime.tasks;

import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.operators.CollectGateway;
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
 * @param memoryManager the worker's managed memory; may be null in tests (the task then gets a small
 *     memory manager of its own)
 * @param ioManager the worker's I/O manager for spilling; may be null in tests of tasks that never spill
 * @param inputSplitGateway where batch sources ask the master for input splits; may be null for
 *     tasks without a batch source
 * @param checkpoints where checkpoint acknowledgements go and where snapshots are written
 *     asynchronously ({@link CheckpointServices#NONE} outside a worker)
 * @param iterations where the tasks of loops report supersteps, and the lane's shared resources
 *     ({@link IterationServices#standalone()} outside a worker)
 */
public record TaskServices(NetworkEnvironment network, TaskListener listener, CollectGateway collectGateway, String workerName,
        MemoryManager memoryManager, IOManager ioManager, InputSplitGateway inputSplitGateway, CheckpointServices checkpoints,
        IterationServices iterations) {

    /** Services without the iteration services of a worker. */
    public TaskServices(NetworkEnvironment network, TaskListener listener, CollectGateway collectGateway, String workerName,
            MemoryManager memoryManager, IOManager ioManager, InputSplitGateway inputSplitGateway, CheckpointServices checkpoints) {
        this(network, listener, collectGateway, workerName, memoryManager, ioManager, inputSplitGateway, checkpoints,
                IterationServices.standalone());
    }

    /** Services without checkpoint services of a worker. */
    public TaskServices(NetworkEnvironment network, TaskListener listener, CollectGateway collectGateway, String workerName,
            MemoryManager memoryManager, IOManager ioManager, InputSplitGateway inputSplitGateway) {
        this(network, listener, collectGateway, workerName, memoryManager, ioManager, inputSplitGateway, CheckpointServices.NONE);
    }

    /** Services without an input split gateway (tasks without batch sources). */
    public TaskServices(NetworkEnvironment network, TaskListener listener, CollectGateway collectGateway, String workerName,
            MemoryManager memoryManager, IOManager ioManager) {
        this(network, listener, collectGateway, workerName, memoryManager, ioManager, null);
    }

    /** Services without managed memory and spilling of the worker (tests). */
    public TaskServices(NetworkEnvironment network, TaskListener listener, CollectGateway collectGateway, String workerName) {
        this(network, listener, collectGateway, workerName, null, null, null);
    }

    public TaskServices {
        Objects.requireNonNull(listener, "listener");
        Objects.requireNonNull(workerName, "workerName");
        Objects.requireNonNull(checkpoints, "checkpoints");
        Objects.requireNonNull(iterations, "iterations");
    }
}
