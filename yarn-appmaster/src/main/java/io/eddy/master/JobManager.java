package io.eddy.master;

import io.eddy.configuration.Configuration;
import io.eddy.master.checkpoint.StateAssignment;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.batch.FormatCoordinator;
import io.eddy.master.checkpoint.CheckpointJobActions;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.worker.UserCodeLibrary;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job on the master: waits for slots, expands the graph, prepares the workers, deploys the
 * tasks, tracks their states, and ends the job (merging accumulators, or cancelling the rest after
 * the first failure) with a report to the client. The states are {@link JobStatus}'s:
 *
 * <pre>
 * CREATED --slots--> RUNNING --all tasks FINISHED--> FINISHED
 *    |                  |--task FAILED / worker lost, restart allowed--> RUNNING (affected regions restart, see below)
 *    |                  |--task FAILED / worker lost, no restart left--> FAILING --all tasks ended | timeout--> FAILED
 *    |                  '--cancel()--> CANCELLING --all tasks ended | timeout--> CANCELED
 *    |--slot wait timeout, or the worker supply says the slots never come--> FAILED
 *    '--cancel()--> CANCELED
 * </pre>
 *
 * <p>Scheduling by pipelined regions ({@link PipelinedRegion}): once every involved worker has
 * prepared the job, the regions without blocking inputs are deployed (a streaming job is one
 * region, so all its tasks go at once); each further region is deployed when every producer of its
 * blocking inputs has FINISHED ({@link #deployReadyRegions}). The job keeps the slots it took at
 * the start, and a region's subtask i runs in lane i.
 *
 * <p>Failover (docs/failover.md): a failed task or a lost worker asks the job's {@link
 * RestartStrategy}. If it allows a restart, {@link RegionFailover} names the regions to run again;
 * their running tasks are cancelled, and once all of them have ended (and the strategy's delay has
 * passed) lanes of lost workers move to free slots of other workers, the regions' tasks start new
 * attempts and {@link #deployReadyRegions} deploys them as usual. No other region is deployed while
 * a restart is pending. Otherwise the job fails with its first failure as the root cause; tasks of
 * regions never deployed are marked CANCELED without asking a worker. A job with checkpoints
 * ({@link JobCheckpointing}) restarts all its regions, and the new attempts restore the latest
 * completed checkpoint.
 *
 * <p>The client hears of the first deployment, of all tasks running, of restarts and of FAILING /
 * CANCELLING through {@link JobProgress}; of the end through {@code jobFinished}.
 *
 * <p>Threads: every method runs on the master's main thread, which owns all fields; callbacks of
 * worker futures hop back onto it.
 */
final class JobManager {

    private static final Logger LOG = LoggerFactory.getLogger(JobManager.class);

    private final MasterContext ctx;
    private final JobGraph graph;
    private final JobArtifacts artifacts;
    private final UserCodeLibrary library;
    /** The submitting client, or the one that attached last ({@link #attach}). */
    private final AttachableClient client;
    private final CollectRelay collectRelay;
    /** The job's progress as its client sees it (a handful of updates per attempt). */
    private final JobProgress progress;
    private final int requiredSlots;
    private final long submitTime;
    private final CompletableFuture<JobStatus> termination = new CompletableFuture<>();

    private JobStatus status = JobStatus.CREATED;
    private SlotAssignment slots;
    private ExecutionGraph executionGraph;
    /** Owned by the main thread: the job's task history, in the order the master acted and heard. */
    private final List<TaskEvent> taskEvents = new ArrayList<>();
    private long deployTime;
    private JobFailure failure;
    private ScheduledFuture<?> timer;
    /** The batch sources' splits and sinks' commits; set in start(). */
    private FormatCoordinator formats;
    private final RestartStrategy restartStrategy;
    private RegionFailover failover;
    /** The regions waiting to run again; owned by the main thread. */
    private final Set<PipelinedRegion> restarting = new LinkedHashSet<>();
    /** Whether a restart waits for cancellations, its delay or slots (no region is deployed meanwhile). */
    private boolean restartPending;
    /** Whether the restart itself (not the cancellation timeout) is scheduled on {@link #restartTimer}. */
    private boolean restartScheduled;
    /** Whether the pending restart waits for free slots to replace lanes of lost workers. */
    private boolean waitingForSlots;
    private long restartNotBefore;
    private ScheduledFuture<?> restartTimer;
    private JobFailure firstFailure;
    private int restarts;
    /** The workers that prepared (or are preparing) the job. */
    private final Set<RegisteredWorker> preparedWorkers = new HashSet<>();
    /** Checkpoints, savepoints and the state deployments restore (docs/checkpointing.md). */
    private final JobCheckpointing checkpointing;
    /** The state the first deployment restores ({@code --from-savepoint}), or null; set before {@link #start}. */
    private StateAssignment.AssignedState initialRestore;

    JobManager(MasterContext ctx, JobGraph graph, JobArtifacts artifacts, UserCodeLibrary library, ClientGateway client) {
        this.ctx = ctx;
        this.graph = graph;
        this.artifacts = artifacts;
        this.library = library;
        this.client = new AttachableClient(client);
        this.collectRelay = new CollectRelay(graph.jobId(), this.client, CollectRelay.collectSinksOf(graph, library.classLoader()));
        this.progress = new JobProgress(graph.jobId(), this.client, ctx.clock());
        this.requiredSlots = ExecutionGraph.requiredSlots(graph);
        this.submitTime = ctx.clock().millis();
        this.restartStrategy = RestartStrategy.forJob(new Configuration(ctx.config().jobDefaults()),
                JobCheckpointing.settingsWithDefaultRestart(ctx.config().jobDefaults(), graph));
        this.checkpointing = JobCheckpointing.create(ctx, graph, CheckpointJobActions.of((cause, summary) -> {
            if (status == JobStatus.RUNNING) {
                startFailing(JobFailure.of(cause, summary));
            }
        }, this::cancel));
    }

    JobId id() {
        return graph.jobId();
    }

    JobStatus status() {
        return status;
    }

    /** Completes with the final status once the job has ended and reported to its client. */
    CompletableFuture<JobStatus> termination() {
        return termination;
    }

    JobSummary summary() {
        return new JobSummary(graph.jobId(), graph.name(), status, submitTime, graph.numberOfTasks());
    }

    /**
     * Makes {@code newClient} the job's client ({@code JobSubmissionGateway.attachJob}); a job that
     * has ended reports its result to it at once.
     *
     * @return the job's summary at the time of the attach
     * @throws IllegalArgumentException if the job has collect sinks, whose records went to the previous client
     */
    JobSummary attach(ClientGateway newClient) {
        if (!collectRelay.collectIds().isEmpty()) {
            throw new IllegalArgumentException("Job " + id() + " ('" + graph.name() + "') sends records to its client through the collect"
                    + " sink(s) " + new TreeSet<>(collectRelay.collectIds()) + ": another client cannot follow it (the records"
                    + " sent before would be missing); its end is in the master's log");
        }
        LOG.info("Job {} ('{}'): client {} attached while the job is {}", id(), graph.name(), newClient, status);
        client.attach(newClient);
        return summary();
    }

    CollectRelay collectRelay() {
        return collectRelay;
    }

    /** The job's tasks restore {@code restore} when first deployed (a start from a savepoint); call before {@link #start}. */
    void restoreAtStart(StateAssignment.AssignedState restore) {
        this.initialRestore = restore;
        checkpointing.restoredAtStart(restore);
    }

    /** Runs the job if its slots are free; else asks the worker supply for them: fails at once if they never come, else waits (bounded). */
    void start() {
        LOG.info("Job {} ('{}'): submitted, {} tasks in {} vertices, needs {} slots", id(), graph.name(),
                graph.numberOfTasks(), graph.vertices().size(), requiredSlots);
        if (!setUpFormats() || tryAllocateSlots()) {
            return;
        }
        java.util.Optional<String> never = ctx.demandSlots(this);
        if (never.isPresent()) {
            failWaitingForSlots(never.get());
            return;
        }
        LOG.info("Job {}: waiting up to {} for {} free slots ({})", id(), ctx.config().slotWaitTimeout(), requiredSlots,
                ctx.describeShortage(requiredSlots));
        timer = ctx.mainThread().schedule(() -> failWaitingForSlots(ctx.describeShortage(requiredSlots)),
                ctx.config().slotWaitTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The slots the job takes while it runs. */
    int requiredSlots() {
        return requiredSlots;
    }

    /** Takes the slots and deploys if the job is waiting and enough slots are free; true if it did. */
    boolean tryAllocateSlots() {
        if (status != JobStatus.CREATED) {
            return false;
        }
        slots = ctx.registry().allocate(requiredSlots);
        if (slots == null) {
            return false;
        }
        cancelTimer();
        executionGraph = ExecutionGraph.build(graph, slots, 0);
        executionGraph.setRestore(initialRestore);
        failover = new RegionFailover(executionGraph);
        status = JobStatus.RUNNING;
        checkpointing.start(executionGraph);
        deployTime = ctx.clock().millis();
        prepareWorkers();
        return true;
    }

    private void failWaitingForSlots(String message) {
        if (status == JobStatus.CREATED) {
            failure = JobFailure.of(new IllegalStateException(message), message);
            end(JobStatus.FAILED);
        }
    }

    private void prepareWorkers() {
        List<CompletableFuture<Void>> prepared = new ArrayList<>();
        for (RegisteredWorker w : executionGraph.involvedWorkers()) {
            preparedWorkers.add(w);
            prepared.add(w.gateway().prepareJob(artifacts).whenCompleteAsync((v, e) -> {
                if (e != null) {
                    onPrepareFailed(w, Master.unwrap(e));
                }
            }, ctx.mainThread()));
        }
        CompletableFuture.allOf(prepared.toArray(new CompletableFuture<?>[0]))
                .thenRunAsync(this::deployReadyRegions, ctx.mainThread());
    }

    private void onPrepareFailed(RegisteredWorker worker, Throwable cause) {
        if (status == JobStatus.RUNNING) {
            startFailing(JobFailure.of(cause, "The job could not be prepared on " + worker.describeShort() + ": " + cause.getMessage()));
        }
    }

    /** Deploys every region not deployed yet whose blocking inputs are all complete. */
    private void deployReadyRegions() {
        if (status != JobStatus.RUNNING || restartPending) {
            return;
        }
        for (PipelinedRegion region : executionGraph.regions()) {
            if (region.isReadyToDeploy()) {
                deployRegion(region);
            }
        }
        progress.deployed(executionGraph);
    }

    /** Deploys the tasks of one pipelined region. */
    private void deployRegion(PipelinedRegion region) {
        region.markDeployed();
        Set<RegisteredWorker> workers = new LinkedHashSet<>();
        for (ExecutionVertex task : region.tasks()) {
            TaskDeploymentSpec spec = checkpointing.withRestore(executionGraph.prepareDeployment(task));
            task.markDeployed();
            workers.add(task.worker());
            taskEvents.add(new TaskEvent(task.id(), task.taskName(), TaskEvent.Kind.DEPLOYING, ctx.clock().millis()));
            TaskId attempt = task.id();
            task.worker().gateway().deployTask(spec).whenCompleteAsync((v, e) -> {
                if (e != null && task.id().equals(attempt)) {
                    onTaskFailed(task, FailureInfo.of(Master.unwrap(e)));
                }
            }, ctx.mainThread());
        }
        LOG.info("Job {}: deployed {} of {} on {} worker(s)", id(), region, executionGraph.regions().size() == 1 ? "the job's only region"
                : executionGraph.regions().size() + " regions", workers.size());
    }

    /** The job's task history so far (a copy). */
    List<TaskEvent> taskEvents() {
        return List.copyOf(taskEvents);
    }

    /** Moves {@code task} to {@code state} and records it in the history; false if the task had ended already. */
    private boolean transition(ExecutionVertex task, TaskExecutionState state, byte[] accumulators) {
        if (!task.transitionTo(state, accumulators)) {
            return false;
        }
        taskEvents.add(new TaskEvent(task.id(), task.taskName(), TaskEvent.Kind.of(state), ctx.clock().millis()));
        return true;
    }

    void onTaskStateChanged(TaskStateUpdate update) {
        ExecutionVertex task = executionGraph == null ? null : executionGraph.task(update.task());
        if (task == null || status.isTerminal()) {
            LOG.debug("Job {}: ignoring {} ({} the job is {})", id(), update, task == null ? "unknown task," : "", status);
            return;
        }
        switch (update.state()) {
            case RUNNING -> {
                if (transition(task, TaskExecutionState.RUNNING, null)) {
                    checkpointing.onTaskRunning();
                    progress.taskRunning(executionGraph);
                }
            }
            case FINISHED -> {
                if (transition(task, TaskExecutionState.FINISHED, update.accumulatorsOrNull()) && status == JobStatus.RUNNING) {
                    checkpointing.onTaskFinished(task.id());
                    if (executionGraph.allFinished()) {
                        end(JobStatus.FINISHED);
                        return;
                    }
                    deployReadyRegions();
                    checkRestartReady();
                }
                checkCancellationComplete();
            }
            case FAILED -> onTaskFailed(task, update.failureOrNull());
            case CANCELED -> {
                if (transition(task, TaskExecutionState.CANCELED, null) && status == JobStatus.RUNNING) {
                    if (task.isCancelRequested()) {
                        checkRestartReady();
                    } else {
                        IllegalStateException e = new IllegalStateException("Task '" + task.taskName()
                                + "' was cancelled on its worker although the master did not ask for it");
                        startFailing(JobFailure.of(e, "Task '" + task.taskName() + "' on " + task.worker().describeShort() + " was cancelled"));
                    }
                }
                checkCancellationComplete();
            }
            default -> LOG.warn("Job {}: unexpected state {} of task {}", id(), update.state(), task);
        }
    }

    private void onTaskFailed(ExecutionVertex task, FailureInfo cause) {
        if (!transition(task, TaskExecutionState.FAILED, null)) {
            return;
        }
        checkpointing.onTaskFailure(cause);
        JobFailure ofTask = JobFailure.ofTask(task.taskName(), task.worker().describeShort(), cause);
        if (status == JobStatus.RUNNING) {
            handleFailure(List.of(task), ofTask, false);
        } else if (status == JobStatus.FAILING && restarts == 0 && failure != null && failure.isInputFailure() && !ofTask.isInputFailure()) {
            // A consumer often hears of its producer's failure before the master does: the client
            // gets the failure of the task's own, the likelier cause.
            LOG.info("Job {}: {}; reported as the job's failure instead of: {}", id(), ofTask.summary(), failure.summary());
            failure = ofTask;
        }
        checkCancellationComplete();
    }

    void onWorkerLost(RegisteredWorker worker, String reason) {
        if (status.isTerminal() || executionGraph == null || !executionGraph.involvedWorkers().contains(worker)) {
            return;
        }
        String message = worker.registration().describe() + " was lost: " + reason;
        List<String> lostTasks = new ArrayList<>();
        List<ExecutionVertex> failed = new ArrayList<>();
        for (ExecutionVertex t : executionGraph.tasks()) {
            if (t.isDeployed() && t.worker() == worker && transition(t, TaskExecutionState.FAILED, null)) {
                lostTasks.add(t.taskName());
                failed.add(t);
            }
        }
        LOG.warn("Job {}: {}; it ran {}", id(), message, lostTasks);
        if (status == JobStatus.RUNNING) {
            handleFailure(failed, JobFailure.of(new WorkerLostException(message), "Worker " + message + " (it ran "
                    + String.join(", ", lostTasks) + ")"), executionGraph.laneHasWorkLeft(worker));
        }
        checkCancellationComplete();
    }

    /** Cancels the job; a job that has ended already is left alone. */
    void cancel() {
        switch (status) {
            case CREATED -> end(JobStatus.CANCELED);
            case RUNNING -> {
                LOG.info("Job {}: cancelling", id());
                clearRestart();
                status = JobStatus.CANCELLING;
                progress.cancelling(executionGraph);
                cancelRemainingTasks();
                checkCancellationComplete();
            }
            default -> LOG.debug("Job {}: cancel ignored in state {}", id(), status);
        }
    }

    /**
     * Takes a savepoint of the job through its checkpoint coordinator ({@code
     * JobSubmissionGateway.triggerSavepoint}); the future completes with the savepoint's path.
     */
    CompletableFuture<String> triggerSavepoint(String targetDirectoryOrNull, boolean cancelAfter) {
        if (status != JobStatus.RUNNING) {
            return CompletableFuture.failedFuture(new IllegalStateException("Job " + id() + " is " + status
                    + ": a savepoint is taken of a running job only"));
        }
        return checkpointing.triggerSavepoint(targetDirectoryOrNull, cancelAfter);
    }

    /**
     * Restarts what {@code failedTasks} (and lost workers) need if the restart strategy allows it,
     * else fails the job. A failure while a restart is pending joins that restart without being
     * counted again (it is often a consequence of the first: a task cancelled, or a reader of a lost
     * worker's result that failed before the master heard of the loss).
     *
     * @param lanesLost whether lanes with work left lost their worker (they must move even if no region restarts)
     */
    private void handleFailure(List<ExecutionVertex> failedTasks, JobFailure cause, boolean lanesLost) {
        Set<PipelinedRegion> regions = checkpointing.regionsToRestart(failover.regionsToRestart(failedTasks));
        if (restartPending) {
            LOG.info("Job {}: {}; joins the pending restart{}", id(), cause.summary(),
                    restarting.containsAll(regions) ? "" : " with region(s) " + regions.stream().map(PipelinedRegion::index).toList());
            addToRestart(regions);
            checkRestartReady();
            return;
        }
        if (regions.isEmpty() && !lanesLost) {
            LOG.info("Job {}: {}; no task left needs what was lost, nothing to restart", id(), cause.summary());
            return;
        }
        if (firstFailure == null) {
            firstFailure = cause;
        }
        RestartStrategy.Decision decision = restartStrategy.onFailure(ctx.clock().millis());
        String collected = collectRelay.sinkThatSent(CollectRelay.collectVertices(graph), regions);
        if (decision.restart() && collected != null) {
            decision = RestartStrategy.Decision.fail("the collect sink '" + collected + "' sent records to the client already, which a"
                    + " restart would send again: write the result with a sink instead of collecting it to restart such a region");
        }
        if (!decision.restart()) {
            startFailing(finalFailure(cause, decision.reason()));
            return;
        }
        restarts++;
        progress.restarting(executionGraph, cause.summary(), checkpointing.restoreDescriptionOrNull());
        checkpointing.onRestart(cause.summary());
        LOG.warn("Job {}: {}; restarting {} region(s) {} in {} ms ({}, {})", id(), cause.summary(), regions.size(),
                regions.stream().map(PipelinedRegion::index).toList(), decision.delay().toMillis(), restartStrategy, decision.reason());
        restartPending = true;
        restartNotBefore = ctx.clock().millis() + decision.delay().toMillis();
        addToRestart(regions);
        restartTimer = ctx.mainThread().schedule(this::onRestartCancelTimeout, ctx.config().cancelTimeout().toMillis(), TimeUnit.MILLISECONDS);
        checkRestartReady();
    }

    private void addToRestart(Set<PipelinedRegion> regions) {
        for (PipelinedRegion region : regions) {
            if (restarting.add(region)) {
                cancelTasksOf(region);
            }
        }
    }

    /** The job's failure once no restart is left: the first failure is the root cause; the summary adds what ended the job. */
    private JobFailure finalFailure(JobFailure latest, String reason) {
        if (restarts == 0) {
            return restartStrategy.isNone() ? latest : new JobFailure(latest.cause(), latest.summary() + " (not restarted: " + reason + ")");
        }
        return new JobFailure(firstFailure.cause(), firstFailure.summary() + "; after " + restarts + " restart(s) the job failed again and"
                + " was not restarted (" + reason + "): " + latest.summary());
    }

    private void cancelTasksOf(PipelinedRegion region) {
        for (ExecutionVertex t : region.tasks()) {
            if (t.isTerminal()) {
                continue;
            }
            if (!t.isDeployed()) {
                transition(t, TaskExecutionState.CANCELED, null);
            } else if (t.worker().isLost()) {
                transition(t, TaskExecutionState.FAILED, null);
            } else {
                t.markCancelRequested();
                t.worker().gateway().cancelTask(t.id());
            }
        }
    }

    /** Schedules the pending restart once every task of the regions to restart has ended. */
    private void checkRestartReady() {
        if (!restartPending || restartScheduled || waitingForSlots || status != JobStatus.RUNNING) {
            return;
        }
        for (PipelinedRegion region : restarting) {
            if (!region.tasks().stream().allMatch(ExecutionVertex::isTerminal)) {
                return;
            }
        }
        cancelRestartTimer();
        restartScheduled = true;
        long delay = Math.max(0, restartNotBefore - ctx.clock().millis());
        restartTimer = ctx.mainThread().schedule(this::restart, delay, TimeUnit.MILLISECONDS);
    }

    private void onRestartCancelTimeout() {
        restartTimer = null;
        if (status != JobStatus.RUNNING || !restartPending || restartScheduled || waitingForSlots) {
            return;
        }
        List<String> stuck = restarting.stream().flatMap(r -> r.tasks().stream()).filter(t -> !t.isTerminal())
                .map(ExecutionVertex::toString).toList();
        String message = stuck.size() + " task(s) did not confirm their cancellation within " + ctx.config().cancelTimeout()
                + ", so they cannot be restarted: " + stuck + " (raise " + MasterOptions.CANCEL_TIMEOUT.key() + " if tasks take long to cancel)";
        startFailing(finalFailure(JobFailure.of(new IllegalStateException(message), message), "cancellation timed out"));
    }

    /** Moves lanes of lost workers, prepares workers new to the job, then redeploys. */
    private void restart() {
        restartTimer = null;
        restartScheduled = false;
        if (status != JobStatus.RUNNING || !restartPending) {
            return;
        }
        if (!moveLostLanes()) {
            int lost = executionGraph.lostLanes().size();
            LOG.info("Job {}: waiting up to {} for {} free slot(s) to replace lanes of lost workers ({})", id(),
                    ctx.config().slotWaitTimeout(), lost, ctx.describeShortage(lost));
            waitingForSlots = true;
            restartTimer = ctx.mainThread().schedule(this::onReplacementSlotTimeout, ctx.config().slotWaitTimeout().toMillis(),
                    TimeUnit.MILLISECONDS);
            return;
        }
        List<CompletableFuture<Void>> preparing = new ArrayList<>();
        for (RegisteredWorker w : executionGraph.involvedWorkers()) {
            if (!w.isLost() && preparedWorkers.add(w)) {
                preparing.add(w.gateway().prepareJob(artifacts).whenCompleteAsync((v, e) -> {
                    if (e != null) {
                        onPrepareFailed(w, Master.unwrap(e));
                    }
                }, ctx.mainThread()));
            }
        }
        restartScheduled = true;
        CompletableFuture.allOf(preparing.toArray(new CompletableFuture<?>[0])).thenRunAsync(this::redeploy, ctx.mainThread());
    }

    /** Called by the master when slots were freed or a worker registered. */
    void onSlotsAvailable() {
        if (status == JobStatus.RUNNING && waitingForSlots && ctx.registry().freeSlots() >= executionGraph.lostLanes().size()) {
            waitingForSlots = false;
            cancelRestartTimer();
            restart();
        }
    }

    private void onReplacementSlotTimeout() {
        restartTimer = null;
        if (status == JobStatus.RUNNING && waitingForSlots) {
            waitingForSlots = false;
            String message = "Lanes of lost workers could not be replaced: " + ctx.describeShortage(executionGraph.lostLanes().size());
            startFailing(finalFailure(JobFailure.of(new IllegalStateException(message), message), "no free slots"));
        }
    }

    /** Gives every lane whose worker was lost a free slot of another worker; false if there are too few. */
    private boolean moveLostLanes() {
        List<Integer> lost = executionGraph.lostLanes();
        if (lost.isEmpty()) {
            return true;
        }
        SlotAssignment replacement = ctx.registry().allocate(lost.size());
        if (replacement == null) {
            return false;
        }
        SlotAssignment moved = slots.withLanesReplaced(lost, replacement);
        LOG.info("Job {}: lane(s) {} of lost workers move to {}", id(), lost, lost.stream().map(l -> moved.workerOf(l).describeShort()).toList());
        slots = moved;
        executionGraph.moveLanes(moved);
        return true;
    }

    /** Starts new attempts of the regions to restart and deploys what is ready. */
    private void redeploy() {
        restartScheduled = false;
        if (status != JobStatus.RUNNING || !restartPending) {
            return;
        }
        boolean ready = restarting.stream().allMatch(r -> r.tasks().stream().allMatch(ExecutionVertex::isTerminal));
        if (!ready || !executionGraph.lostLanes().isEmpty()) {
            if (!ready && restartTimer == null) {
                restartTimer = ctx.mainThread().schedule(this::onRestartCancelTimeout, ctx.config().cancelTimeout().toMillis(),
                        TimeUnit.MILLISECONDS);
            }
            checkRestartReady();
            return;
        }
        if (!prepareRestore()) {
            return;
        }
        for (PipelinedRegion region : restarting) {
            region.resetForRestart();
            for (ExecutionVertex t : region.tasks()) {
                if (formats != null) {
                    formats.returnInputSplits(t.id().vertex(), t.id().subtask());
                }
                t.resetForRestart(executionGraph.laneWorker(t.id().subtask()));
            }
        }
        LOG.info("Job {}: restart {}: new attempts of {} region(s)", id(), restarts, restarting.size());
        restarting.clear();
        restartPending = false;
        deployReadyRegions();
    }

    /** The state the new attempts restore (latest completed checkpoint); false (and the job failing) if it cannot be read. */
    private boolean prepareRestore() {
        try {
            checkpointing.prepareRestore();
            return true;
        } catch (RuntimeException e) {
            startFailing(finalFailure(JobFailure.of(e, e.getMessage()), "its state cannot be restored"));
            return false;
        }
    }

    private void cancelRestartTimer() {
        if (restartTimer != null) {
            restartTimer.cancel(false);
            restartTimer = null;
        }
    }

    private void clearRestart() {
        restarting.clear();
        restartPending = false;
        restartScheduled = false;
        waitingForSlots = false;
        cancelRestartTimer();
    }

    private void startFailing(JobFailure cause) {
        clearRestart();
        failure = cause;
        status = JobStatus.FAILING;
        LOG.warn("Job {}: failing: {}", id(), cause.summary());
        progress.failing(executionGraph, cause.summary());
        cancelRemainingTasks();
        checkCancellationComplete();
    }

    private void cancelRemainingTasks() {
        for (ExecutionVertex t : executionGraph.tasks()) {
            if (t.isTerminal()) {
                continue;
            }
            if (!t.isDeployed()) {
                transition(t, TaskExecutionState.CANCELED, null);
            } else if (t.worker().isLost()) {
                transition(t, TaskExecutionState.FAILED, null);
            } else {
                t.worker().gateway().cancelTask(t.id());
            }
        }
        cancelTimer();
        timer = ctx.mainThread().schedule(this::onCancelTimeout, ctx.config().cancelTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void checkCancellationComplete() {
        if ((status == JobStatus.FAILING || status == JobStatus.CANCELLING) && executionGraph.allTerminal()) {
            end(status == JobStatus.FAILING ? JobStatus.FAILED : JobStatus.CANCELED);
        }
    }

    private void onCancelTimeout() {
        if (status != JobStatus.FAILING && status != JobStatus.CANCELLING) {
            return;
        }
        List<String> stuck = executionGraph.tasks().stream().filter(t -> !t.isTerminal()).map(ExecutionVertex::toString).toList();
        LOG.warn("Job {}: {} task(s) did not confirm cancellation within {}; giving up on them: {}", id(), stuck.size(),
                ctx.config().cancelTimeout(), stuck);
        end(status == JobStatus.FAILING ? JobStatus.FAILED : JobStatus.CANCELED);
    }

    private void end(JobStatus finalStatus) {
        byte[] accumulators = AccumulatorBytes.serializeValues(Map.of(), "job " + id());
        if (finalStatus == JobStatus.FINISHED) {
            try {
                accumulators = mergeAccumulators();
            } catch (RuntimeException e) {
                failure = JobFailure.of(e, "The accumulators of the job could not be merged: " + e.getMessage());
                finalStatus = JobStatus.FAILED;
            }
        }
        finalStatus = endFormats(finalStatus);
        status = finalStatus;
        cancelTimer();
        checkpointing.shutdown(finalStatus);
        collectRelay.close();
        releaseResources();
        long runtime = deployTime == 0 ? 0 : ctx.clock().millis() - deployTime;
        JobResultInfo result = new JobResultInfo(id(), finalStatus, runtime, accumulators,
                failure == null ? null : failure.cause(), resultSummary(finalStatus));
        LOG.info("Job {} ('{}') ended: {} after {} ms{}", id(), graph.name(), finalStatus, runtime,
                result.failureSummary().isEmpty() ? "" : ": " + result.failureSummary());
        client.jobFinished(result);
        ctx.jobEnded(this);
        termination.complete(finalStatus);
    }

    /**
     * Batch sources and sinks (io.eddy.master.batch): creates the sources' splits and initializes
     * the sinks before anything is deployed; false (and the job FAILED) if a format fails.
     */
    private boolean setUpFormats() {
        try {
            formats = FormatCoordinator.create(graph, library.classLoader());
            return true;
        } catch (RuntimeException e) {
            failure = JobFailure.of(e, e.getMessage());
            end(JobStatus.FAILED);
            return false;
        }
    }

    /** Commits the sinks' output of a FINISHED job (a failure fails it), or cleans it up after a failure or cancellation. */
    private JobStatus endFormats(JobStatus finalStatus) {
        if (formats == null) {
            return finalStatus;
        }
        if (finalStatus == JobStatus.FINISHED) {
            try {
                formats.finalizeSinks();
                return finalStatus;
            } catch (RuntimeException e) {
                failure = JobFailure.of(e, e.getMessage());
            }
        }
        formats.cleanupSinks();
        return finalStatus == JobStatus.CANCELED ? finalStatus : JobStatus.FAILED;
    }

    /**
     * The next input split of the batch source of {@code task}, Java-serialized, or null when none
     * is left; fails if the job is not running or {@code task} is not a current attempt.
     */
    byte[] nextInputSplit(TaskId task, String host) {
        if (status != JobStatus.RUNNING || executionGraph == null || executionGraph.task(task) == null) {
            throw new IllegalStateException("No input split for task " + task + ": job " + id() + " is " + status
                    + (executionGraph != null && executionGraph.task(task) == null ? " and the task is not a current attempt" : ""));
        }
        return formats.nextSplit(task, host);
    }

    /** The job's checkpoints (acknowledgements, declines and savepoints arrive here). */
    JobCheckpointing checkpointing() {
        return checkpointing;
    }

    /** The batch formats of the job (failover gives restarted source subtasks' splits back, see {@link #redeploy}); null before start. */
    FormatCoordinator formats() {
        return formats;
    }

    private String resultSummary(JobStatus finalStatus) {
        if (finalStatus == JobStatus.CANCELED) {
            return "Job '" + graph.name() + "' was cancelled";
        }
        return failure == null ? "" : failure.summary();
    }

    private byte[] mergeAccumulators() {
        AccumulatorMerger merger = new AccumulatorMerger(library.classLoader());
        for (ExecutionVertex t : executionGraph.tasks()) {
            merger.add(t.accumulators(), t.taskName());
        }
        Map<String, Serializable> results = new java.util.LinkedHashMap<>(merger.results());
        results.putAll(checkpointing.statsAccumulators());
        return AccumulatorBytes.serializeValues(results, "job " + id());
    }

    private void releaseResources() {
        if (slots != null) {
            ctx.registry().release(slots);
            for (RegisteredWorker w : executionGraph.involvedWorkers()) {
                if (!w.isLost()) {
                    w.gateway().releaseJob(id());
                }
            }
        }
        library.close();
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        cancelRestartTimer();
    }
}
