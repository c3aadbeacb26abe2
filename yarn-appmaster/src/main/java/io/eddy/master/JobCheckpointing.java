package io.eddy.master;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.master.checkpoint.CheckpointCoordinator;
import io.eddy.master.checkpoint.CheckpointCoordinatorConfig;
import io.eddy.master.checkpoint.CheckpointJobActions;
import io.eddy.master.checkpoint.CheckpointParticipants.Participant;
import io.eddy.master.checkpoint.CheckpointParticipants.Participants;
import io.eddy.master.concurrent.JobTimers;
import io.eddy.master.checkpoint.CompletedCheckpoint;
import io.eddy.master.checkpoint.StateAssignment;
import io.eddy.master.checkpoint.StorageBackedCoordinatorStorage;
import io.eddy.master.checkpoint.SubtaskCheckpoint;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a {@link JobManager} does for checkpoints (docs/checkpointing.md): owns the job's {@link
 * CheckpointCoordinator}, shows it the execution graph's tasks, and computes the state each
 * deployment restores: from {@code execution.savepoint.path} at the start, from the latest
 * completed checkpoint after a restart. A streaming job (streaming sources, no blocking edges) or a
 * job started from a savepoint has a coordinator; it triggers periodic checkpoints only when the
 * interval is set, but takes savepoints in any case. A batch job has none ({@link #isActive()}
 * false) and every method does nothing.
 *
 * <p>Owned by the master's main thread, like its job manager.
 */
final class JobCheckpointing {

    private static final Logger LOG = LoggerFactory.getLogger(JobCheckpointing.class);

    private final JobGraph graph;
    /** Null for a job without checkpoints. */
    private final CheckpointCoordinator coordinator;
    private final boolean allowNonRestoredState;
    /** The savepoint the job starts from ({@code execution.savepoint.path}), or null. */
    private final String restorePath;
    /** The state the first deployments restore (a start from a savepoint), or null; set before {@link #start}. */
    private StateAssignment.AssignedState initialRestore;
    /** Set once the job has its execution graph. */
    private ExecutionGraph executionGraph;
    /** The state the next deployments restore, or null (fresh start). */
    private StateAssignment.AssignedState restore;
    private final java.time.Clock clock;
    /** The latest restore decided, for the dashboard; null before any. */
    private CheckpointsView.Restore latestRestore;

    private JobCheckpointing(JobGraph graph, Configuration settings, CheckpointCoordinatorConfig config, CheckpointStorage storage,
            MasterContext ctx, CheckpointJobActions actions) {
        this.graph = graph;
        this.clock = ctx.clock();
        this.allowNonRestoredState = settings.get(CheckpointingOptions.ALLOW_NON_RESTORED_STATE);
        this.restorePath = settings.get(CheckpointingOptions.RESTORE_PATH);
        this.coordinator = storage == null ? null : new CheckpointCoordinator(graph, config, new CheckpointCoordinator.Services(
                this::participants, new StorageBackedCoordinatorStorage(storage), JobTimers.on(ctx.mainThread(), ctx.clock()), actions));
    }

    /**
     * The checkpointing of {@code graph} under the cluster's defaults.
     *
     * @throws IllegalArgumentException naming the option if the settings are invalid
     */
    static JobCheckpointing create(MasterContext ctx, JobGraph graph, CheckpointJobActions actions) {
        Configuration cluster = new Configuration(ctx.config().jobDefaults());
        Configuration job = new Configuration(graph.settings());
        Configuration settings = cluster.merge(job);
        CheckpointCoordinatorConfig config = CheckpointCoordinatorConfig.from(cluster, job);
        String restorePath = settings.get(CheckpointingOptions.RESTORE_PATH);
        boolean streaming = isStreaming(graph);
        if (!streaming && restorePath == null) {
            return new JobCheckpointing(graph, settings, config, null, ctx, actions);
        }
        if (!streaming && config.isEnabled()) {
            LOG.info("Job {}: checkpointing is set but the job is not a streaming job; no periodic checkpoints", graph.jobId());
        }
        if (streaming && config.isEnabled()) {
            checkStorage(settings);
        }
        return new JobCheckpointing(graph, settings, streaming ? config : config.withoutPeriodicCheckpoints(),
                CheckpointStorage.create(graph.jobId(), settings), ctx, actions);
    }

    /**
     * The job's settings with the restart strategy a job with checkpointing gets when neither it nor
     * the cluster names one ({@link RestartStrategy#DEFAULT_WITH_CHECKPOINTING}).
     */
    static Map<String, String> settingsWithDefaultRestart(Map<String, String> clusterDefaults, JobGraph graph) {
        boolean checkpointing = CheckpointCoordinatorConfig.from(new Configuration(clusterDefaults), new Configuration(graph.settings())).isEnabled();
        if (!checkpointing || !isStreaming(graph) || clusterDefaults.containsKey(RestartStrategy.KEY) || graph.settings().containsKey(RestartStrategy.KEY)) {
            return graph.settings();
        }
        Map<String, String> settings = new TreeMap<>(graph.settings());
        settings.putAll(RestartStrategy.DEFAULT_WITH_CHECKPOINTING.toSettings());
        return settings;
    }

    private static void checkStorage(Configuration settings) {
        if (settings.get(CheckpointingOptions.STORAGE).trim().equalsIgnoreCase("filesystem") && settings.get(CheckpointingOptions.CHECKPOINTS_DIR) == null) {
            throw new IllegalArgumentException("Checkpointing is on with storage 'filesystem' but " + CheckpointingOptions.CHECKPOINTS_DIR.key()
                    + " is set neither in the job nor in the cluster configuration: set it (e.g. env.getCheckpointConfig().setCheckpointStorage(...))");
        }
    }

    /**
     * A streaming job: every vertex without inputs starts with a streaming source, and no edge is
     * blocking (a feedback edge has no exchange, so its mode does not count).
     */
    static boolean isStreaming(JobGraph graph) {
        for (JobEdge e : graph.edges()) {
            if (e.exchangeMode() == ExchangeMode.BLOCKING && e.role() != EdgeRole.FEEDBACK) {
                return false;
            }
        }
        for (JobVertex v : graph.vertices()) {
            if (graph.inputsOf(v.id()).isEmpty() && !v.isSource()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The job starts from the savepoint its settings name, read and assigned at submission
     * ({@code SubmissionRestore}): the coordinator restores it after failures until a checkpoint
     * completes, and numbers its checkpoints after it.
     */
    void restoredAtStart(StateAssignment.AssignedState initial) {
        this.initialRestore = initial;
        if (initial != null) {
            latestRestore = new CheckpointsView.Restore(initial.checkpointId(), clock.millis(), true);
        }
        if (coordinator != null && initial != null && restorePath != null) {
            coordinator.registerInitialRestore(initial.checkpointId(), restorePath);
        }
    }

    boolean isActive() {
        return coordinator != null;
    }

    /**
     * The job has its execution graph and runs: its first deployments restore the state given to
     * {@link #restoredAtStart}, if any, and periodic checkpoints start (the first one interval after now).
     */
    void start(ExecutionGraph eg) {
        this.executionGraph = eg;
        eg.setRestore(initialRestore);
        if (coordinator != null) {
            coordinator.startPeriodicCheckpoints();
        }
    }

    /** The tasks of the current attempts, for the coordinator. */
    private Participants participants() {
        if (executionGraph == null) {
            return Participants.notReady("the job has not been deployed yet");
        }
        List<Participant> running = new ArrayList<>();
        for (ExecutionVertex t : executionGraph.tasks()) {
            TaskExecutionState state = t.state();
            if (state == TaskExecutionState.RUNNING) {
                running.add(new Participant(t.id(), t.worker().gateway(), graph.vertices().get(t.id().vertex()).isSource(),
                        isStreamLoopHead(t.id().vertex())));
            } else if (state != TaskExecutionState.FINISHED) {
                return Participants.notReady("task " + t + " is not running");
            }
        }
        return Participants.ready(running);
    }

    /** Whether vertex {@code vertex} heads a streaming loop: the target of a feedback edge of a {@code STREAM_LOOP} group. */
    private boolean isStreamLoopHead(int vertex) {
        for (JobEdge e : graph.feedbackEdges()) {
            if (e.target().index() == vertex && graph.groupOf(e.target(), VertexGroup.Kind.STREAM_LOOP).isPresent()) {
                return true;
            }
        }
        return false;
    }

    /** The deployment of {@code task} with the state it restores, if there is any. */
    TaskDeploymentSpec withRestore(TaskDeploymentSpec spec) {
        if (restore == null) {
            return spec;
        }
        return new TaskDeploymentSpec(spec.task(), spec.inputChannels(), spec.outputPartitions(),
                restore.restoreFor(spec.task().vertex(), spec.task().subtask()));
    }

    /**
     * With checkpoints (periodic ones, or a savepoint to go back to), a failure restarts every
     * region: all tasks restore one consistent checkpoint. Otherwise {@code regions}.
     */
    Set<PipelinedRegion> regionsToRestart(Set<PipelinedRegion> regions) {
        if (coordinator == null || executionGraph == null
                || (!coordinator.config().isEnabled() && coordinator.completedCheckpoints().isEmpty())) {
            return regions;
        }
        return new LinkedHashSet<>(executionGraph.regions());
    }

    /** The job's checkpoints for the dashboard: counts, the latest that ended, the latest restore. */
    CheckpointsView view() {
        if (coordinator == null) {
            return new CheckpointsView(false, 0, 0, List.of(), latestRestore);
        }
        return new CheckpointsView(coordinator.config().isEnabled() && isStreaming(graph), coordinator.stats().completedCount(),
                coordinator.stats().failedCount(), coordinator.history(), latestRestore);
    }

    /** The figures of the job's checkpoints as accumulator values; empty without a coordinator. */
    Map<String, Serializable> statsAccumulators() {
        return coordinator == null || !coordinator.config().isEnabled() ? Map.of() : coordinator.stats().asAccumulators();
    }

    /**
     * A task failed with {@code cause}: if it failed restoring the checkpoint the deployments
     * restore because a state file of it is missing or corrupt ({@link InvalidCheckpointException}
     * anywhere in the cause chain), that checkpoint is dropped and the restart falls back to the
     * previous retained one (see {@link CheckpointCoordinator#discardUnrestorable}).
     */
    void onTaskFailure(FailureInfo cause) {
        if (coordinator == null || restore == null) {
            return;
        }
        for (FailureInfo f = cause; f != null; f = f.cause()) {
            if (InvalidCheckpointException.class.getName().equals(f.exceptionClass())) {
                coordinator.discardUnrestorable(restore.checkpointId(), f.message());
                return;
            }
        }
    }

    /**
     * What a restart decided now would restore, for the client's progress line: e.g. {@code
     * restoring checkpoint 12}; null without checkpointing or before anything completed. (A
     * checkpoint found unreadable when the restart happens falls back to an older one.)
     */
    String restoreDescriptionOrNull() {
        var completed = coordinator == null ? List.<CompletedCheckpoint>of() : coordinator.completedCheckpoints();
        if (completed.isEmpty()) {
            return null;
        }
        CompletedCheckpoint latest = completed.get(completed.size() - 1);
        return "restoring " + (latest.isSavepoint() ? "savepoint " : "checkpoint ") + latest.checkpointId();
    }

    /** The job restarts: pending checkpoints are aborted (not counted as failures). */
    void onRestart(String reason) {
        if (coordinator != null) {
            coordinator.abortPendingForRestart(reason);
        }
    }

    /**
     * Right before the new attempts are deployed: the state they restore, from the latest completed
     * checkpoint (or the savepoint the job started from).
     *
     * @throws IllegalStateException if checkpoints completed but none can be read
     * @throws IllegalArgumentException if the state does not fit the job
     */
    void prepareRestore() {
        if (coordinator == null) {
            return;
        }
        var metadata = coordinator.latestForRestore();
        restore = metadata == null ? null : StateAssignment.assign(metadata, graph, allowNonRestoredState);
        if (restore != null) {
            latestRestore = new CheckpointsView.Restore(restore.checkpointId(), clock.millis(), false);
        }
    }

    /** A task reported RUNNING. */
    void onTaskRunning() {
        if (coordinator != null) {
            coordinator.onTaskRunning();
        }
    }

    void onTaskFinished(TaskId task) {
        if (coordinator != null) {
            coordinator.onTaskFinished(task);
        }
    }

    void acknowledge(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
        if (coordinator != null) {
            coordinator.receiveAcknowledge(task, checkpointId, metrics, state);
        }
    }

    void decline(TaskId task, long checkpointId, FailureInfo reason) {
        if (coordinator != null) {
            coordinator.receiveDecline(task, checkpointId, reason);
        }
    }

    /**
     * See {@link CheckpointCoordinator#triggerSavepoint}; fails for a job that is not RUNNING ({@code
     * jobStatus}) or has no checkpoints (a batch job).
     */
    CompletableFuture<String> triggerSavepoint(JobStatus jobStatus, String targetDirectory, boolean cancelAfter) {
        if (jobStatus != JobStatus.RUNNING) {
            return CompletableFuture.failedFuture(new IllegalStateException("Job " + graph.jobId() + " is " + jobStatus
                    + ": a savepoint is taken of a running job only"));
        }
        if (coordinator == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("Job " + graph.jobId() + " ('" + graph.name()
                    + "') is not a streaming job: savepoints are taken of streaming jobs only"));
        }
        return coordinator.triggerSavepoint(targetDirectory, cancelAfter);
    }

    /** The job ended: the coordinator stops. */
    void shutdown(JobStatus finalStatus) {
        if (coordinator != null) {
            coordinator.shutdown(finalStatus);
        }
    }

    /** A subtask's latest acknowledged checkpoint or savepoint, or null if none (or the job takes none). */
    SubtaskCheckpoint latestAcknowledgement(int vertex, int subtask) {
        return coordinator == null ? null : coordinator.latestAcknowledgement(vertex, subtask);
    }

    /** The coordinator, or null (for tests and monitoring). */
    CheckpointCoordinator coordinator() {
        return coordinator;
    }
}
