package io.eddy.master;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.worker.UserCodeLibrary;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 *    |                  |--task FAILED / worker lost--> FAILING --all tasks ended | timeout--> FAILED
 *    |                  '--cancel()--> CANCELLING --all tasks ended | timeout--> CANCELED
 *    |--slot wait timeout--> FAILED
 *    '--cancel()--> CANCELED
 * </pre>
 *
 * <p>Scheduling by pipelined regions ({@link PipelinedRegion}): once every involved worker has
 * prepared the job, the regions without blocking inputs are deployed (a streaming job is one
 * region, so all its tasks go at once); each further region is deployed when every producer of its
 * blocking inputs has FINISHED ({@link #deployReadyRegions}). The job keeps the slots it took at
 * the start, and a region's subtask i runs in lane i. A failure still fails the whole job; tasks of
 * regions never deployed are marked CANCELED without asking a worker.
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
    private final ClientGateway client;
    private final CollectRelay collectRelay;
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

    JobManager(MasterContext ctx, JobGraph graph, JobArtifacts artifacts, UserCodeLibrary library, ClientGateway client) {
        this.ctx = ctx;
        this.graph = graph;
        this.artifacts = artifacts;
        this.library = library;
        this.client = client;
        this.collectRelay = new CollectRelay(graph.jobId(), client, CollectRelay.collectSinksOf(graph, library.classLoader()));
        this.requiredSlots = ExecutionGraph.requiredSlots(graph);
        this.submitTime = ctx.clock().millis();
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

    CollectRelay collectRelay() {
        return collectRelay;
    }

    /** Starts waiting for slots (bounded by the slot wait timeout) and runs the job once they are there. */
    void start() {
        LOG.info("Job {} ('{}'): submitted, {} tasks in {} vertices, needs {} slots", id(), graph.name(),
                graph.numberOfTasks(), graph.vertices().size(), requiredSlots);
        if (!tryAllocateSlots()) {
            LOG.info("Job {}: waiting up to {} for {} free slots ({})", id(), ctx.config().slotWaitTimeout(), requiredSlots,
                    ctx.registry().describeShortage(requiredSlots));
            timer = ctx.mainThread().schedule(this::onSlotWaitTimeout, ctx.config().slotWaitTimeout().toMillis(), TimeUnit.MILLISECONDS);
        }
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
        status = JobStatus.RUNNING;
        deployTime = ctx.clock().millis();
        prepareWorkers();
        return true;
    }

    private void onSlotWaitTimeout() {
        if (status == JobStatus.CREATED) {
            String message = ctx.registry().describeShortage(requiredSlots);
            failure = JobFailure.of(new IllegalStateException(message), message);
            end(JobStatus.FAILED);
        }
    }

    private void prepareWorkers() {
        List<CompletableFuture<Void>> prepared = new ArrayList<>();
        for (RegisteredWorker w : executionGraph.involvedWorkers()) {
            prepared.add(w.gateway().prepareJob(artifacts).whenCompleteAsync((v, e) -> {
                if (e != null) {
                    onPrepareFailed(w, unwrap(e));
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
        if (status != JobStatus.RUNNING) {
            return;
        }
        for (PipelinedRegion region : executionGraph.regions()) {
            if (region.isReadyToDeploy()) {
                deployRegion(region);
            }
        }
    }

    /** Deploys the tasks of one pipelined region. */
    private void deployRegion(PipelinedRegion region) {
        region.markDeployed();
        Set<RegisteredWorker> workers = new LinkedHashSet<>();
        for (ExecutionVertex task : region.tasks()) {
            task.markDeployed();
            workers.add(task.worker());
            taskEvents.add(new TaskEvent(task.id(), task.taskName(), TaskEvent.Kind.DEPLOYING, ctx.clock().millis()));
            task.worker().gateway().deployTask(task.spec()).whenCompleteAsync((v, e) -> {
                if (e != null) {
                    onTaskFailed(task, FailureInfo.of(unwrap(e)));
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
            case RUNNING -> transition(task, TaskExecutionState.RUNNING, null);
            case FINISHED -> {
                if (transition(task, TaskExecutionState.FINISHED, update.accumulatorsOrNull()) && status == JobStatus.RUNNING) {
                    if (executionGraph.allFinished()) {
                        end(JobStatus.FINISHED);
                    } else {
                        deployReadyRegions();
                    }
                }
                checkCancellationComplete();
            }
            case FAILED -> onTaskFailed(task, update.failureOrNull());
            case CANCELED -> {
                if (transition(task, TaskExecutionState.CANCELED, null) && status == JobStatus.RUNNING) {
                    IllegalStateException e = new IllegalStateException("Task '" + task.taskName()
                            + "' was cancelled on its worker although the master did not ask for it");
                    startFailing(JobFailure.of(e, "Task '" + task.taskName() + "' on " + task.worker().describeShort() + " was cancelled"));
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
        if (status == JobStatus.RUNNING) {
            String what = cause.message() != null ? cause.message() : cause.exceptionClass();
            startFailing(new JobFailure(cause, "Task '" + task.taskName() + "' on " + task.worker().describeShort() + " failed: " + what));
        }
        checkCancellationComplete();
    }

    void onWorkerLost(RegisteredWorker worker, String reason) {
        if (status.isTerminal() || executionGraph == null || !executionGraph.involvedWorkers().contains(worker)) {
            return;
        }
        String message = worker.registration().describe() + " was lost: " + reason;
        List<String> lostTasks = new ArrayList<>();
        for (ExecutionVertex t : executionGraph.tasks()) {
            if (t.worker() == worker && transition(t, TaskExecutionState.FAILED, null)) {
                lostTasks.add(t.taskName());
            }
        }
        LOG.warn("Job {}: {}; it ran {}", id(), message, lostTasks);
        if (status == JobStatus.RUNNING) {
            startFailing(JobFailure.of(new WorkerLostException(message), "Worker " + message + " (it ran " + String.join(", ", lostTasks) + ")"));
        }
        checkCancellationComplete();
    }

    /** Cancels the job; a job that has ended already is left alone. */
    void cancel() {
        switch (status) {
            case CREATED -> end(JobStatus.CANCELED);
            case RUNNING -> {
                LOG.info("Job {}: cancelling", id());
                status = JobStatus.CANCELLING;
                cancelRemainingTasks();
                checkCancellationComplete();
            }
            default -> LOG.debug("Job {}: cancel ignored in state {}", id(), status);
        }
    }

    private void startFailing(JobFailure cause) {
        failure = cause;
        status = JobStatus.FAILING;
        LOG.warn("Job {}: failing: {}", id(), cause.summary());
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
        status = finalStatus;
        cancelTimer();
        collectRelay.close();
        releaseResources();
        long runtime = deployTime == 0 ? 0 : ctx.clock().millis() - deployTime;
        JobResultInfo result = new JobResultInfo(id(), finalStatus, runtime, accumulators,
                failure == null ? null : failure.cause(), resultSummary(finalStatus));
        LOG.info("Job {} ('{}') ended: {} after {} ms{}", id(), graph.name(), finalStatus, runtime,
                result.failureSummary().isEmpty() ? "" : ": " + result.failureSummary());
        client.jobFinished(result).whenComplete((v, e) -> {
            if (e != null) {
                LOG.warn("Job {}: the client did not take the job's result", id(), e);
            }
        });
        ctx.jobEnded(this);
        termination.complete(finalStatus);
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
        Map<String, Serializable> results = merger.results();
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
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof java.util.concurrent.CompletionException || t instanceof java.util.concurrent.ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
