package io.eddy.master.checkpoint;

import io.eddy.jobgraph.JobGraph;
import io.eddy.master.checkpoint.CheckpointParticipants.Participant;
import io.eddy.master.checkpoint.CheckpointParticipants.Participants;
import io.eddy.master.concurrent.JobTimers;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.tasks.TaskId;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Draws the checkpoints of one streaming job (docs/checkpointing.md, "Coordinator"): triggers
 * them at the sources, collects the acknowledgements of all running tasks, writes the metadata,
 * keeps the last {@code retained} completed checkpoints, notifies the tasks, and names the
 * checkpoint to restore from after a failure.
 *
 * <pre>
 *  periodic timer --(pending &lt; max-concurrent, min-pause passed, all sources running)--> trigger n
 *  trigger n --all awaited tasks acknowledged--> metadata written --> completed n: older pending subsumed,
 *                                                                     retention, notifyCheckpointComplete
 *            --decline | timeout | metadata write failed--> aborted n (location deleted, notifyCheckpointAborted;
 *                                                               more than tolerable-failures in a row fail the job)
 *            --job restarts | coordinator shut down--> aborted n (not counted as a failure)
 * </pre>
 *
 * Savepoints ({@link #triggerSavepoint}) are taken outside the periodic rules (no min pause or
 * concurrency limit), never subsume nor are subsumed, and are never deleted. Checkpoint ids
 * increase over the job's life, across restarts, and continue after a restored checkpoint.
 *
 * <p>Threads: one thread owns the coordinator (the master's main thread); every method, and every
 * action scheduled on its {@link JobTimers}, runs on it. No locks.
 */
public final class CheckpointCoordinator {

    private static final Logger LOG = LoggerFactory.getLogger(CheckpointCoordinator.class);

    /** What the coordinator works with. */
    public record Services(CheckpointParticipants tasks, CoordinatorStorage storage, JobTimers scheduler,
            CheckpointJobActions actions) {
        public Services {
            Objects.requireNonNull(tasks, "tasks");
            Objects.requireNonNull(storage, "storage");
            Objects.requireNonNull(scheduler, "scheduler");
            Objects.requireNonNull(actions, "actions");
        }
    }

    private final JobGraph graph;
    private final CheckpointCoordinatorConfig config;
    private final CheckpointParticipants tasks;
    private final CoordinatorStorage storage;
    private final JobTimers scheduler;
    private final CheckpointJobActions actions;

    /** The pending checkpoints and savepoints by id. */
    private final TreeMap<Long, PendingCheckpoint> pending = new TreeMap<>();
    private final CompletedCheckpointStore completed;
    private final CheckpointStats stats = new CheckpointStats();
    /** How many ended checkpoints {@link #history()} keeps. */
    static final int HISTORY = 50;
    /** The latest checkpoints that ended, oldest first. */
    private final ArrayDeque<CheckpointRecord> history = new ArrayDeque<>();
    /** Per subtask ({@link #subtaskKey}) its latest accepted acknowledgement, of any attempt. */
    private final Map<Long, SubtaskCheckpoint> latestAcknowledgements = new HashMap<>();
    private long nextCheckpointId = 1;
    private int consecutiveFailures;
    private final PeriodicTrigger periodic;
    /** Whether a savepoint with cancel-after is pending (no periodic checkpoints meanwhile). */
    private boolean cancelAfterSavepointPending;
    private boolean shutDown;
    private final SavepointRequests savepoints;

    public CheckpointCoordinator(JobGraph graph, CheckpointCoordinatorConfig config, Services services) {
        this.graph = Objects.requireNonNull(graph, "graph");
        this.config = Objects.requireNonNull(config, "config");
        this.tasks = services.tasks();
        this.storage = services.storage();
        this.scheduler = services.scheduler();
        this.actions = services.actions();
        this.completed = new CompletedCheckpointStore(graph.jobId(), config.retained(), storage);
        this.savepoints = new SavepointRequests(graph.jobId(), tasks, scheduler, config.timeout().toMillis(), (type, dir, participants, result) -> {
            boolean started = startCheckpoint(type, dir, participants, result);
            cancelAfterSavepointPending |= started && type == CheckpointType.SAVEPOINT_THEN_CANCEL;
            return started;
        });
        this.periodic = new PeriodicTrigger(config, scheduler, () -> shutDown || cancelAfterSavepointPending, pending::size,
                this::triggerPeriodic);
    }

    public CheckpointCoordinatorConfig config() {
        return config;
    }

    // ---- triggering -----------------------------------------------------------------------------

    /** Starts periodic checkpoints ({@link PeriodicTrigger}; the first one an interval after now) if the interval is set. */
    public void startPeriodicCheckpoints() {
        periodic.start();
    }

    private void triggerPeriodic() {
        Participants participants = tasks.current();
        if (!participants.isReady() || participants.sources().isEmpty()) {
            LOG.debug("Job {}: no checkpoint now: {}", graph.jobId(),
                    participants.isReady() ? "no source task is running" : participants.notReadyReason());
        } else {
            startCheckpoint(CheckpointType.CHECKPOINT, null, participants, null);
        }
    }

    /**
     * Takes a savepoint (regardless of min pause and max concurrent): now if every task runs,
     * otherwise as soon as they do (a job still deploying or restarting), failing if that takes
     * longer than the checkpoint timeout. Completes with the savepoint's pointer (its directory), or
     * fails with the reason it was aborted.
     *
     * @param targetDirectory where to create it, or null for {@code state.savepoints.dir}
     * @param cancelAfter whether to cancel the job once it completed
     */
    public CompletableFuture<String> triggerSavepoint(String targetDirectory, boolean cancelAfter) {
        if (shutDown) {
            return CompletableFuture.failedFuture(new IllegalStateException("Job " + graph.jobId() + " has ended: no savepoint can be taken"));
        }
        return savepoints.request(targetDirectory, cancelAfter);
    }

    /** A task of the job started running: savepoints waiting for that start if every task runs now. */
    public void onTaskRunning() {
        if (!shutDown) {
            savepoints.onTaskRunning();
        }
    }

    /** Creates the location, registers the pending checkpoint and sends the trigger to the sources; false if it failed at once. */
    private boolean startCheckpoint(CheckpointType type, String targetDirectory, Participants participants, CompletableFuture<String> savepoint) {
        long id = nextCheckpointId++;
        long timestamp = scheduler.now();
        CoordinatorStorage.PendingLocation location;
        try {
            location = storage.initializeLocation(id, type, targetDirectory);
        } catch (IOException | RuntimeException e) {
            String reason = "its storage location could not be created: " + e.getMessage();
            if (savepoint != null) {
                savepoint.completeExceptionally(new CheckpointFailedException("Savepoint " + id + " of job " + graph.jobId() + " failed: " + reason, e));
            } else {
                LOG.warn("Job {}: checkpoint {} failed: {}", graph.jobId(), id, reason, e);
                countFailure(id, reason);
            }
            return false;
        }
        PendingCheckpoint checkpoint = new PendingCheckpoint(id, timestamp, type, location, participants.running(), savepoint);
        pending.put(id, checkpoint);
        checkpoint.setTimeout(scheduler.schedule(() -> onTimeout(id), config.timeout().toMillis()));
        CheckpointOptions options = new CheckpointOptions(type, location.targetLocation());
        List<Participant> triggered = participants.triggered();
        LOG.info("Job {}: triggering {} at {} source task(s){}, awaiting {} task(s)", graph.jobId(), checkpoint,
                participants.sources().size(), triggered.size() == participants.sources().size() ? ""
                        : " and " + (triggered.size() - participants.sources().size()) + " loop head(s)", participants.running().size());
        for (Participant source : triggered) {
            try {
                source.gateway().triggerCheckpoint(source.task(), id, timestamp, options);
            } catch (RuntimeException e) {
                abort(checkpoint, "its trigger could not be sent to task " + source.task() + ": " + e.getMessage(), e, true);
                return false;
            }
        }
        return true;
    }

    // ---- task messages --------------------------------------------------------------------------

    /** Task {@code task} acknowledged checkpoint {@code checkpointId} with its state. */
    public void receiveAcknowledge(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
        PendingCheckpoint checkpoint = pending.get(checkpointId);
        if (checkpoint == null || shutDown) {
            LOG.debug("Job {}: late or unknown acknowledgement of checkpoint {} from task {} (ignored)", graph.jobId(), checkpointId, task);
            return;
        }
        switch (checkpoint.acknowledge(task, metrics, state)) {
            case ACCEPTED -> {
                latestAcknowledgements.put(subtaskKey(task.vertex(), task.subtask()),
                        SubtaskCheckpoint.of(checkpointId, scheduler.now() - checkpoint.timestamp(), metrics));
                LOG.debug("Job {}: task {} acknowledged {} ({} bytes, {} task(s) left)", graph.jobId(), task, checkpoint,
                        metrics == null ? 0 : metrics.stateSize(), checkpoint.numberOfAwaited());
            }
            case DUPLICATE -> LOG.debug("Job {}: duplicate acknowledgement of {} from task {} (ignored)", graph.jobId(), checkpoint, task);
            case UNKNOWN -> LOG.warn("Job {}: acknowledgement of {} from task {}, which is not one of its tasks (ignored)", graph.jobId(),
                    checkpoint, task);
        }
        if (checkpoint.isFullyAcknowledged()) {
            complete(checkpoint);
        }
    }

    /** Task {@code task} could not take checkpoint {@code checkpointId}: the checkpoint is aborted. */
    public void receiveDecline(TaskId task, long checkpointId, FailureInfo reason) {
        PendingCheckpoint checkpoint = pending.get(checkpointId);
        if (checkpoint == null || shutDown || !checkpoint.isAwaiting(task)) {
            LOG.debug("Job {}: decline of checkpoint {} from task {} for no pending checkpoint of it (ignored)", graph.jobId(), checkpointId, task);
            return;
        }
        String why = reason == null ? "no reason given" : (reason.message() != null ? reason.message() : reason.exceptionClass());
        abort(checkpoint, "task " + task + " declined it: " + why, reason == null ? null : reason.toException(), true);
    }

    /**
     * Task {@code task} finished (its bounded input ended): pending checkpoints stop waiting for
     * it, and those that then have every acknowledgement complete.
     */
    public void onTaskFinished(TaskId task) {
        for (PendingCheckpoint checkpoint : new ArrayList<>(pending.values())) {
            if (checkpoint.forget(task) && checkpoint.isFullyAcknowledged() && pending.containsKey(checkpoint.checkpointId())) {
                complete(checkpoint);
            }
        }
    }

    private void onTimeout(long checkpointId) {
        PendingCheckpoint checkpoint = pending.get(checkpointId);
        if (checkpoint != null) {
            abort(checkpoint, "it did not complete within " + config.timeout().toMillis() + " ms (" + checkpoint.numberOfAwaited()
                    + " task(s) did not acknowledge: " + checkpoint.awaitedTasks() + "); raise execution.checkpointing.timeout if state"
                    + " takes long to write", null, true);
        }
    }

    // ---- completion and abort -------------------------------------------------------------------

    private void complete(PendingCheckpoint checkpoint) {
        pending.remove(checkpoint.checkpointId());
        checkpoint.cancelTimeout();
        CheckpointMetadata metadata = checkpoint.toMetadata(graph);
        String pointer;
        try {
            pointer = checkpoint.location().complete(metadata);
        } catch (IOException | RuntimeException e) {
            pending.put(checkpoint.checkpointId(), checkpoint);
            abort(checkpoint, "its metadata could not be written: " + e.getMessage(), e, true);
            return;
        }
        long now = scheduler.now();
        completed.add(new CompletedCheckpoint(checkpoint.checkpointId(), checkpoint.timestamp(), now, checkpoint.type(), pointer));
        LOG.info("Job {}: completed {} in {} ms: {}", graph.jobId(), checkpoint, now - checkpoint.timestamp(), pointer);
        remember(checkpoint, "COMPLETED", now, CheckpointStats.stateSize(metadata), pointer);
        if (!checkpoint.type().isSavepoint()) {
            stats.completed(now - checkpoint.timestamp(), CheckpointStats.stateSize(metadata), checkpoint.times());
            periodic.completedAt(now);
            consecutiveFailures = 0;
            subsumePendingBefore(checkpoint.checkpointId());
            completed.applyRetention();
        }
        checkpoint.notifyCompleted(graph.jobId());
        if (checkpoint.savepointResult() != null) {
            checkpoint.savepointResult().complete(pointer);
            if (checkpoint.type() == CheckpointType.SAVEPOINT_THEN_CANCEL) {
                LOG.info("Job {}: {} completed; cancelling the job as asked", graph.jobId(), checkpoint);
                actions.cancelJob();
                return;
            }
        }
        periodic.resumeDeferred();
    }

    private void subsumePendingBefore(long checkpointId) {
        for (PendingCheckpoint older : new ArrayList<>(pending.headMap(checkpointId).values())) {
            if (!older.type().isSavepoint()) {
                abort(older, "checkpoint " + checkpointId + " completed first (subsumed)", null, false);
            }
        }
    }

    /**
     * Aborts {@code checkpoint}: deletes its location, tells its tasks, fails a savepoint's future,
     * and (if {@code countAsFailure}) counts it towards {@code tolerable-failures}.
     */
    private void abort(PendingCheckpoint checkpoint, String reason, Throwable cause, boolean countAsFailure) {
        if (pending.remove(checkpoint.checkpointId()) == null) {
            return;
        }
        checkpoint.cancelTimeout();
        checkpoint.location().dispose();
        LOG.warn("Job {}: {} aborted: {}", graph.jobId(), checkpoint, reason);
        remember(checkpoint, countAsFailure && checkpoint.savepointResult() == null ? "FAILED" : "ABORTED", scheduler.now(), 0, reason);
        checkpoint.notifyAborted(graph.jobId());
        if (checkpoint.savepointResult() != null) {
            checkpoint.savepointResult().completeExceptionally(new CheckpointFailedException(
                    "Savepoint " + checkpoint.checkpointId() + " of job " + graph.jobId() + " failed: " + reason, cause));
            if (checkpoint.type() == CheckpointType.SAVEPOINT_THEN_CANCEL) {
                cancelAfterSavepointPending = false;
                if (!shutDown) {
                    periodic.resume();
                }
            }
        } else if (countAsFailure) {
            countFailure(checkpoint.checkpointId(), reason);
        }
        periodic.resumeDeferred();
    }

    private void countFailure(long checkpointId, String reason) {
        stats.failed();
        consecutiveFailures++;
        if (config.tolerableFailures() >= 0 && consecutiveFailures > config.tolerableFailures() && !shutDown) {
            String summary = consecutiveFailures + " checkpoint(s) in a row failed, more than the " + config.tolerableFailures()
                    + " tolerated (execution.checkpointing.tolerable-failures); the last, checkpoint " + checkpointId + ", because " + reason;
            actions.failJob(new CheckpointFailedException(summary, null), summary);
        }
    }

    // ---- restart, restore and end ---------------------------------------------------------------

    /**
     * The job restarts: every pending checkpoint and savepoint is aborted (not counted as a
     * failure). Periodic triggering goes on; it waits until the new attempts' sources run.
     */
    public void abortPendingForRestart(String reason) {
        for (PendingCheckpoint checkpoint : new ArrayList<>(pending.values())) {
            abort(checkpoint, "the job restarts (" + reason + ")", null, false);
        }
    }

    /**
     * The metadata to restore a restarted job from: the latest completed checkpoint (or savepoint)
     * whose metadata reads; one that does not is dropped with a warning and the previous one is
     * tried. Null if nothing completed yet (the job starts without state).
     *
     * @throws IllegalStateException if checkpoints completed but none of them can be read
     */
    public CheckpointMetadata latestForRestore() {
        CheckpointMetadata metadata = completed.latestForRestore();
        if (metadata != null) {
            nextCheckpointId = Math.max(nextCheckpointId, metadata.checkpointId() + 1);
        }
        return metadata;
    }

    /**
     * The restore of checkpoint {@code checkpointId} failed in a task because one of its state files
     * is missing or corrupt ({@code reason} names the file): the checkpoint is dropped, so the next
     * restart falls back to the previous retained one. Savepoints, and the only restore point left,
     * are kept (dropping them would restart the job without its state): the restart strategy then
     * ends the job with the error naming the file. False if nothing was dropped.
     */
    public boolean discardUnrestorable(long checkpointId, String reason) {
        return completed.discardUnrestorable(checkpointId, reason);
    }

    /**
     * The job started from the savepoint or retained checkpoint {@code checkpointId} at {@code
     * pointer} ({@code execution.savepoint.path}, read at submission): it is the restore point until
     * a checkpoint completes (and is never deleted, whatever its type), and ids continue after it.
     */
    public void registerInitialRestore(long checkpointId, String pointer) {
        nextCheckpointId = Math.max(nextCheckpointId, checkpointId + 1);
        completed.add(new CompletedCheckpoint(checkpointId, -1, scheduler.now(), CheckpointType.SAVEPOINT, pointer));
    }

    /**
     * The job ended: periodic checkpoints stop and pending ones are aborted. The retained
     * checkpoints stay in storage whatever the final status (like savepoints, a user can start a
     * new job from the latest with {@code --from-savepoint}; deleting them is the user's call).
     * Idempotent.
     */
    public void shutdown(JobStatus finalStatus) {
        if (shutDown) {
            return;
        }
        periodic.stop();
        for (PendingCheckpoint checkpoint : new ArrayList<>(pending.values())) {
            abort(checkpoint, "the job ended (" + finalStatus + ")", null, false);
        }
        savepoints.failAll("Job " + graph.jobId() + " ended (" + finalStatus + ") before the savepoint could be taken");
        shutDown = true;
        if (completed.latest() != null) {
            LOG.info("Job {} ended ({}); its latest checkpoint stays: {}", graph.jobId(), finalStatus, completed.latest().pointer());
        }
    }

    /** The ids of the pending checkpoints and savepoints, ascending. */
    public List<Long> pendingCheckpointIds() {
        return List.copyOf(pending.keySet());
    }

    /** The figures of this job's checkpoints so far. */
    public CheckpointStats stats() {
        return stats;
    }

    /** The latest checkpoints and savepoints that ended, newest first (at most {@link #HISTORY}). */
    public List<CheckpointRecord> history() {
        List<CheckpointRecord> newestFirst = new ArrayList<>(history);
        java.util.Collections.reverse(newestFirst);
        return newestFirst;
    }

    private void remember(PendingCheckpoint checkpoint, String outcome, long endTime, long stateSize, String pointerOrReason) {
        TaskCheckpointTimes times = checkpoint.times();
        if (history.size() == HISTORY) {
            history.removeFirst();
        }
        history.addLast(new CheckpointRecord(checkpoint.checkpointId(), checkpoint.type().name(), outcome, checkpoint.timestamp(), endTime,
                stateSize, times.tasks(), times.alignmentNanos() / 1_000_000, times.syncNanos() / 1_000_000, times.asyncNanos() / 1_000_000,
                pointerOrReason));
    }

    /** Subtask {@code subtask} of vertex {@code vertex}'s latest acknowledged checkpoint or savepoint, or null if none. */
    public SubtaskCheckpoint latestAcknowledgement(int vertex, int subtask) {
        return latestAcknowledgements.get(subtaskKey(vertex, subtask));
    }

    private static long subtaskKey(int vertex, int subtask) {
        return ((long) vertex << 32) | subtask;
    }

    /** The retained completed checkpoints (and newer savepoints), oldest first. */
    public List<CompletedCheckpoint> completedCheckpoints() {
        return completed.all();
    }

    /** How many checkpoints failed since the last one completed. */
    public int consecutiveFailures() {
        return consecutiveFailures;
    }

    public boolean isShutDown() {
        return shutDown;
    }
}
