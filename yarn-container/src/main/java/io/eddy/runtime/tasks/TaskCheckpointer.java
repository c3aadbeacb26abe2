package io.eddy.runtime.tasks;

import com.google.common.util.concurrent.MoreExecutors;
import io.eddy.configuration.Configuration;
import io.eddy.runtime.io.network.event.CancelCheckpointMarker;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a task's part of checkpoints (docs/checkpointing.md, "Barrier flow" steps 2 and 4):
 *
 * <pre>
 *   task thread:     prepareSnapshotPreBarrier (head first) -> snapshotState of every operator
 *                    -> barrier on every output -> hand the async parts to the snapshot executor
 *   snapshot thread: run the async parts -> TaskStateSnapshot (uid -> state) -> acknowledge
 *   any failure:     decline (and, before the barrier went out, a cancel marker instead of it);
 *                    the task keeps running
 * </pre>
 *
 * A failure to send the barrier (the network) fails the task: its consumers could not align.
 *
 * <p>A task's asynchronous parts run one after another, in checkpoint order, on the worker's shared
 * snapshot threads: its acknowledgements reach the coordinator in order, so an older checkpoint is
 * never subsumed by a newer one only because its state took longer to write. A snapshot whose
 * operators are not {@linkplain OperatorSnapshot#ready() ready} yet (a streaming loop's head waits
 * for its barrier to come back around the loop) hands its parts over when they are, or declines if
 * one fails; such operators become ready in checkpoint order, so the order holds.
 *
 * <p>Thread ownership: everything except the asynchronous part runs on the task thread (for a
 * source task, while holding the checkpoint lock); {@code storage} is created there lazily and then
 * only read by snapshot threads through the factory it returned.
 */
final class TaskCheckpointer implements CheckpointActions {

    private static final Logger LOG = LoggerFactory.getLogger(TaskCheckpointer.class);

    /** Sends an event on every output of the task. */
    @FunctionalInterface
    interface EventBroadcaster {
        void broadcast(RuntimeEvent event) throws IOException, InterruptedException;
    }

    private final TaskId taskId;
    private final String taskName;
    private final OperatorChain chain;
    private final EventBroadcaster outputs;
    private final CheckpointServices services;
    private final Map<String, String> settings;
    /** Runs this task's asynchronous parts in order on the worker's snapshot threads. */
    private final Executor asyncParts;
    /** Task thread; created at the first checkpoint. */
    private CheckpointStorage storage;
    /** Task thread: the latest checkpoint this task snapshotted or aborted; 0 before the first. */
    private long latestCheckpoint;
    /** Task thread, loop heads only: the master's triggers whose barriers have not come through the input yet, by id. */
    private final NavigableMap<Long, CheckpointBarrier> deferredTriggers = new TreeMap<>();
    /** Task thread, loop heads only: every network channel ended, so triggers are taken at once. */
    private boolean networkInputEnded;

    TaskCheckpointer(TaskId taskId, String taskName, OperatorChain chain, EventBroadcaster outputs, CheckpointServices services,
            Map<String, String> settings) {
        this.taskId = taskId;
        this.taskName = taskName;
        this.chain = chain;
        this.outputs = outputs;
        this.services = services;
        this.settings = settings;
        this.asyncParts = MoreExecutors.newSequentialExecutor(services.snapshotExecutor());
    }

    @Override
    public void snapshotOnBarrier(CheckpointBarrier barrier, long alignmentNanos) {
        long id = barrier.id();
        seen(id);
        long syncStart = System.nanoTime();
        Map<String, OperatorSnapshot> snapshots;
        try {
            chain.prepareSnapshotPreBarrier(id);
            CheckpointStreamFactory streams = storage().resolveLocation(id, barrier.options());
            snapshots = chain.snapshotState(id, barrier.timestamp(), barrier.options(), streams);
        } catch (Exception e) {
            LOG.warn("Task {} ({}, job {}): the snapshot of checkpoint {} failed; declining it", taskName, taskId, taskId.job(), id, e);
            broadcast(new CancelCheckpointMarker(id));
            services.responder().declineCheckpoint(taskId, id, e);
            return;
        }
        broadcast(barrier);
        long syncNanos = System.nanoTime() - syncStart;
        CompletableFuture<Void> ready = CompletableFuture.allOf(snapshots.values().stream().map(OperatorSnapshot::ready)
                .toArray(CompletableFuture<?>[]::new));
        if (ready.isDone() && !ready.isCompletedExceptionally()) {
            submitAsync(id, snapshots, alignmentNanos, syncNanos);
            return;
        }
        ready.whenComplete((ignored, failure) -> {
            if (failure == null) {
                submitAsync(id, snapshots, alignmentNanos, syncNanos);
            } else {
                Throwable cause = failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
                LOG.debug("Task {} ({}): an operator's state of checkpoint {} cannot be completed; declining it: {}", taskName, taskId, id,
                        cause.toString());
                services.responder().declineCheckpoint(taskId, id, cause);
            }
        });
    }

    private void submitAsync(long id, Map<String, OperatorSnapshot> snapshots, long alignmentNanos, long syncNanos) {
        try {
            asyncParts.execute(() -> completeAsync(id, snapshots, alignmentNanos, syncNanos));
        } catch (RejectedExecutionException e) {
            services.responder().declineCheckpoint(taskId, id, new IllegalStateException("The snapshot executor of the worker of task '"
                    + taskName + "' is shut down: checkpoint " + id + " cannot be written", e));
        }
    }

    @Override
    public void abortCheckpoint(long checkpointId, CheckpointAbortReason reason) {
        seen(checkpointId);
        LOG.debug("Task {} ({}): checkpoint {} aborted: {}", taskName, taskId, checkpointId, reason);
        broadcast(new CancelCheckpointMarker(checkpointId));
        if (reason.declines()) {
            services.responder().declineCheckpoint(taskId, checkpointId,
                    new IllegalStateException("Task '" + taskName + "' aborted checkpoint " + checkpointId + ": " + reason));
        }
    }

    /** A source task's trigger (a mail, under the checkpoint lock): snapshot and emit the barrier. */
    void triggerCheckpoint(CheckpointBarrier barrier) {
        snapshotOnBarrier(barrier, 0);
    }

    /**
     * The master's trigger at a streaming loop's head, which starts checkpoints itself once its
     * network input ended (docs/iterations.md, "Streaming loops"): then the task snapshots now and
     * emits the barrier, as a source does. Before, the barrier comes through the input, so the
     * trigger waits; if every channel ends before it came, the task snapshots then ({@link
     * #networkInputEnded}). A trigger of a checkpoint the task snapshotted or aborted already is
     * ignored. Task thread (a mail).
     */
    void triggerAfterInput(CheckpointBarrier barrier) {
        if (barrier.id() <= latestCheckpoint) {
            return;
        }
        if (networkInputEnded) {
            snapshotOnBarrier(barrier, 0);
        } else {
            deferredTriggers.put(barrier.id(), barrier);
        }
    }

    /** Every network channel of a loop head's task ended: the triggers whose barriers did not come through it are taken now, in order. */
    void networkInputEnded() {
        networkInputEnded = true;
        while (!deferredTriggers.isEmpty()) {
            CheckpointBarrier barrier = deferredTriggers.pollFirstEntry().getValue();
            if (barrier.id() > latestCheckpoint) {
                snapshotOnBarrier(barrier, 0);
            }
        }
    }

    /** Tells every operator of the chain that checkpoint {@code checkpointId} completed or was aborted. Task thread (a mail). */
    void notifyCheckpoint(long checkpointId, boolean completed) {
        if (!completed) {
            deferredTriggers.remove(checkpointId);
        }
        chain.notifyCheckpoint(checkpointId, completed);
    }

    /** Checkpoint {@code checkpointId} was snapshotted or aborted here: triggers up to it are done. */
    private void seen(long checkpointId) {
        latestCheckpoint = Math.max(latestCheckpoint, checkpointId);
        deferredTriggers.headMap(latestCheckpoint, true).clear();
    }

    /** Snapshot thread: writes the state and acknowledges, or declines. */
    private void completeAsync(long id, Map<String, OperatorSnapshot> snapshots, long alignmentNanos, long syncNanos) {
        long asyncStart = System.nanoTime();
        Map<String, OperatorSubtaskState> states = new HashMap<>();
        long size = 0;
        try {
            for (Map.Entry<String, OperatorSnapshot> e : snapshots.entrySet()) {
                OperatorSubtaskState state = e.getValue().asyncPart().call();
                if (state != null && !state.isEmpty()) {
                    states.put(e.getKey(), state);
                    size += state.stateSize();
                }
            }
        } catch (Exception | LinkageError e) {
            LOG.warn("Task {} ({}, job {}): writing the state of checkpoint {} failed; declining it", taskName, taskId, taskId.job(), id, e);
            services.responder().declineCheckpoint(taskId, id, e);
            return;
        }
        long asyncNanos = System.nanoTime() - asyncStart;
        services.responder().acknowledgeCheckpoint(taskId, id, new CheckpointMetrics(alignmentNanos, syncNanos, asyncNanos, size),
                new TaskStateSnapshot(states));
    }

    private CheckpointStorage storage() {
        if (storage == null) {
            storage = CheckpointStorage.create(taskId.job(), new Configuration(settings));
        }
        return storage;
    }

    private void broadcast(RuntimeEvent event) {
        try {
            outputs.broadcast(event);
        } catch (IOException e) {
            throw new UncheckedIOException("Task '" + taskName + "' could not send " + event + " to its consumers: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TaskInterruptedException("Interrupted while sending " + event + " from task '" + taskName
                    + "' (waiting for a network buffer): the task is being cancelled", e);
        }
    }
}
