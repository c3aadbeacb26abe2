package io.eddy.master;

import io.eddy.configuration.Configuration;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.master.batch.FormatCoordinator;
import io.eddy.master.checkpoint.CheckpointJobActions;
import io.eddy.master.checkpoint.CheckpointRecord;
import io.eddy.master.checkpoint.StateAssignment;
import io.eddy.master.client.ClientRelay;
import io.eddy.master.client.CollectRelay;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.TaskEvent;
import io.eddy.master.execution.TaskTracker;
import io.eddy.master.failover.JobFailover;
import io.eddy.master.failover.JobFailure;
import io.eddy.master.failover.RestartStrategy;
import io.eddy.master.iteration.JobIterations;
import io.eddy.master.scheduling.JobScheduler;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.optimizer.OptimizerOptions;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.tasks.TaskExecutionState;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.worker.UserCodeLibrary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job on the master by coordinating its parts: the {@link JobScheduler} (slots, execution
 * graph, region deployment), the {@link JobFailover} (restarts), the {@link ClientRelay} (what the
 * client hears), {@link JobCheckpointing}, the loops' supersteps ({@link JobIterations}) and the batch
 * formats ({@link FormatCoordinator}). It owns
 * the job's {@link JobStatus}, dispatches the tasks' state updates, and ends the job (merging
 * accumulators, or cancelling the rest after the first failure) with a report to the client:
 *
 * <pre>
 * CREATED --slots--> RUNNING --all tasks FINISHED--> FINISHED
 *    |                  |--task FAILED / worker lost, restart allowed--> RUNNING (the failover restarts regions, see {@link JobFailover})
 *    |                  |--task FAILED / worker lost, no restart left--> FAILING --all tasks ended | timeout--> FAILED
 *    |                  '--cancel()--> CANCELLING --all tasks ended | timeout--> CANCELED
 *    |--slot wait timeout, or the worker supply says the slots never come--> FAILED
 *    '--cancel()--> CANCELED
 * </pre>
 *
 * <p>While the job is RUNNING, regions are deployed only when no restart is pending; a job that
 * leaves RUNNING stops its failover. Tasks of regions never deployed are marked CANCELED without
 * asking a worker.
 *
 * <p>Threads: every method runs on the master's main thread, which owns all fields and the parts'
 * state; callbacks of worker futures and all timers hop back onto it.
 */
final class JobManager {

    private static final Logger LOG = LoggerFactory.getLogger(JobManager.class);

    private final MasterContext ctx;
    private final JobGraph graph;
    private final UserCodeLibrary library;
    private final ClientRelay client;
    private final JobScheduler scheduler;
    private final TaskTracker tasks;
    private final RestartStrategy restartStrategy;
    /** Checkpoints, savepoints and the state deployments restore (docs/checkpointing.md). */
    private final JobCheckpointing checkpointing;
    /** The supersteps of the job's loops (docs/iterations.md). */
    private final JobIterations iterations;
    private final long submitTime;
    /** Per subtask ({@code vertex << 32 | subtask}): the latest sample its workers reported, and whose. Main thread only. */
    private final Map<Long, ReportedIo> taskIo = new TreeMap<>();

    private record ReportedIo(WorkerId worker, TaskIoSample sample) {}

    /** How many failures {@link #failures} keeps. */
    static final int FAILURES_KEPT = 20;
    /** The latest failures of tasks and workers, oldest first, for the dashboard. Main thread only. */
    private final java.util.ArrayDeque<JobDashboard.Failure> failures = new java.util.ArrayDeque<>();

    private void rememberFailure(String tasks, String worker, FailureInfo cause) {
        if (failures.size() == FAILURES_KEPT) {
            failures.removeFirst();
        }
        failures.addLast(new JobDashboard.Failure(ctx.clock().millis(), tasks, worker, cause.exceptionClass(), String.valueOf(cause.message()),
                cause.rootCause().shortDescription(), cause.stackTraceWithCauses()));
    }

    /** The samples of the dashboard's history: ten minutes at one a second. */
    static final int HISTORY_SAMPLES = 600;
    private final JobHistory history;
    /** The job's MBean; figures published once a second while the job runs, and once after its end. */
    private final JobJmx jmx;
    private boolean jmxFinal;
    private final CompletableFuture<JobStatus> termination = new CompletableFuture<>();

    private JobStatus status = JobStatus.CREATED;
    /** Both set with the slots (CREATED to RUNNING): the job's execution graph and its failover. */
    private ExecutionGraph executionGraph;
    private JobFailover failover;
    private long deployTime;
    /** When the job ended, in epoch milliseconds; -1 while it runs. */
    private long endTime = -1;
    private JobFailure failure;
    /** Why the job was cancelled, if the canceller said ({@link #cancel(String)}); null otherwise. */
    private String cancelReason;
    /** The cancel timeout while the job is FAILING or CANCELLING. */
    private ScheduledFuture<?> cancelTimer;
    /** The batch sources' splits and sinks' commits; set in start(). */
    private FormatCoordinator formats;

    JobManager(MasterContext ctx, JobGraph graph, JobArtifacts artifacts, UserCodeLibrary library, ClientGateway client) {
        this.ctx = ctx;
        this.graph = graph;
        this.library = library;
        this.client = new ClientRelay(graph, library.classLoader(), client, ctx.clock());
        this.tasks = new TaskTracker(ctx.clock());
        this.scheduler = new JobScheduler(graph, artifacts, ctx.schedulerServices(), tasks, new JobSchedulingActions(this, ctx));
        this.submitTime = ctx.clock().millis();
        this.history = new JobHistory(graph.vertices().size(), HISTORY_SAMPLES);
        this.restartStrategy = RestartStrategy.forJob(new Configuration(ctx.config().jobDefaults()),
                JobCheckpointing.settingsWithDefaultRestart(ctx.config().jobDefaults(), graph));
        this.checkpointing = JobCheckpointing.create(ctx, graph, CheckpointJobActions.of(this::failIfRunning, this::cancel));
        this.iterations = JobIterations.create(graph, library.classLoader(), ctx.clock(), this::failIfRunning,
                new Configuration(ctx.config().jobDefaults()).merge(new Configuration(graph.settings())));
        this.jmx = new JobJmx(graph.jobId(), graph.name(), submitTime, graph.numberOfTasks());
        jmx.register();
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

    /** The job now: per vertex its subtasks by state (all CREATED before the job has its slots) and its splits (docs/monitoring.md). */
    JobDetails details() {
        List<JobDetails.VertexDetails> vertices = new ArrayList<>();
        List<JobVertex> jobVertices = graph.vertices();
        long[] totals = vertexTotals();
        long[] spilled = new long[jobVertices.size()];
        for (ReportedIo reported : taskIo.values()) {
            spilled[reported.sample().task().vertex()] += reported.sample().spilledBytes();
        }
        for (int v = 0; v < jobVertices.size(); v++) {
            JobVertex vertex = jobVertices.get(v);
            int[] byState = new int[TaskExecutionState.values().length];
            boolean[] finished = new boolean[vertex.parallelism()];
            for (int s = 0; s < vertex.parallelism(); s++) {
                TaskExecutionState state = executionGraph == null ? TaskExecutionState.CREATED : executionGraph.subtask(v, s).state();
                byState[state.ordinal()]++;
                finished[s] = state == TaskExecutionState.FINISHED;
            }
            int[] splits = formats == null ? null : formats.splitProgress(v, s -> finished[s]);
            vertices.add(new JobDetails.VertexDetails(vertex.name(), vertex.parallelism(), byState[TaskExecutionState.CREATED.ordinal()],
                    byState[TaskExecutionState.RUNNING.ordinal()], byState[TaskExecutionState.FINISHED.ordinal()],
                    byState[TaskExecutionState.CANCELED.ordinal()], byState[TaskExecutionState.FAILED.ordinal()],
                    splits == null ? -1 : splits[0], splits == null ? 0 : splits[1], totals[3 * v], totals[3 * v + 1], spilled[v]));
        }
        CheckpointsView checkpoints = checkpointing.view();
        return new JobDetails(graph.jobId(), graph.name(), status.name(), submitTime, endTime, vertices,
                checkpoints.periodic() ? checkpoints.completed() : -1, checkpoints.failed());
    }

    /**
     * Keeps {@code sample} if it is of the subtask's latest attempt reported (an earlier attempt's
     * samples, late from a lost worker, are dropped; a restarted subtask counts from zero again).
     */
    void onTaskIo(WorkerId worker, TaskIoSample sample) {
        TaskId task = sample.task();
        if (task.vertex() >= graph.vertices().size()) {
            return; // not a vertex of this job: a bug of the sender, and nothing to count
        }
        long key = ((long) task.vertex() << 32) | task.subtask();
        ReportedIo held = taskIo.get(key);
        if (held == null || held.sample().task().attempt() <= task.attempt()) {
            taskIo.put(key, new ReportedIo(worker, sample));
        }
    }

    /**
     * Per vertex (graph order) the sums of its subtasks' latest samples: {@code [records in, records
     * out, back-pressured nanos]} for each, flattened.
     */
    private long[] vertexTotals() {
        long[] totals = new long[3 * graph.vertices().size()];
        for (ReportedIo reported : taskIo.values()) {
            TaskIoSample s = reported.sample();
            int v = s.task().vertex();
            totals[3 * v] += s.recordsIn();
            totals[3 * v + 1] += s.recordsOut();
            totals[3 * v + 2] += s.backPressuredNanos();
        }
        return totals;
    }

    /**
     * Adds the vertices' current sums to the history and publishes the job's figures over JMX while it
     * runs, and its final figures once after its end (the master calls this once a second).
     */
    void sampleHistory() {
        if (endTime < 0) {
            history.add(ctx.clock().millis(), vertexTotals());
            publishJmx();
        } else if (!jmxFinal) {
            publishJmx(); // the ended job's figures, once: they change no more
            jmxFinal = true;
        }
    }

    private void publishJmx() {
        JobDetails d = details();
        boolean[] hasInput = new boolean[graph.vertices().size()];
        boolean[] hasOutput = new boolean[hasInput.length];
        for (JobEdge e : graph.edges()) {
            hasInput[e.target().index()] = true;
            hasOutput[e.source().index()] = true;
        }
        int running = 0;
        long fromSources = 0;
        long intoSinks = 0;
        for (int v = 0; v < hasInput.length; v++) {
            JobDetails.VertexDetails vertex = d.vertices().get(v);
            running += vertex.running();
            fromSources += hasInput[v] ? 0 : vertex.recordsOut();
            intoSinks += hasOutput[v] ? 0 : vertex.recordsIn();
        }
        CheckpointsView checkpoints = checkpointing.view();
        CheckpointRecord latest = checkpoints.latestCompleted();
        long end = endTime < 0 ? ctx.clock().millis() : endTime;
        jmx.publish(new JobJmx.Figures(status.name(), end - submitTime, running, fromSources, intoSinks, checkpoints.completed(),
                checkpoints.failed(), latest == null ? -1 : latest.endTime() - latest.triggerTime(), latest == null ? -1 : latest.stateSize()));
    }

    /** The master forgets the job (retention, or its own close): its MBean goes. */
    void forgotten() {
        jmx.unregister();
    }

    /** The job as the dashboard shows it: details, edges, history, subtasks. */
    JobDashboard dashboard() {
        List<JobDashboard.Edge> edges = new ArrayList<>();
        for (JobEdge e : graph.edges()) {
            edges.add(new JobDashboard.Edge(e.source().index(), e.target().index(), e.shipStrategy().name(),
                    e.exchangeMode() == null ? "PIPELINED" : e.exchangeMode().name(), e.role().name()));
        }
        List<JobDashboard.Failure> newestFirst = new ArrayList<>(failures);
        java.util.Collections.reverse(newestFirst);
        return new JobDashboard(details(), edges, history.view(), metrics().subtasks(), checkpointing.view(), newestFirst,
                graph.settings().get(OptimizerOptions.CHOSEN_PLAN.key()));
    }

    /** The latest sample of every subtask that reported, for the metrics endpoint. */
    JobMetrics metrics() {
        List<JobMetrics.Subtask> subtasks = new ArrayList<>(taskIo.size());
        for (ReportedIo reported : taskIo.values()) {
            TaskIoSample s = reported.sample();
            TaskId t = s.task();
            subtasks.add(new JobMetrics.Subtask(t.vertex(), graph.vertices().get(t.vertex()).name(), t.subtask(), t.attempt(),
                    reported.worker().value(), s.recordsIn(), s.recordsOut(), s.bytesIn(), s.bytesOut(), s.backPressuredNanos(),
                    s.inputWatermark(), s.outputWatermark(), s.inputBuffers().ratio(), s.outputBuffers().ratio(), s.spilledBytes(),
                    s.operatorRecordsIn(), checkpointing.latestAcknowledgement(t.vertex(), t.subtask())));
        }
        return new JobMetrics(graph.jobId(), graph.name(), subtasks, checkpointing.view(),
                graph.vertices().stream().map(v -> v.chain().stream().map(OperatorSpec::name).toList()).toList());
    }

    /** Makes {@code newClient} the job's client ({@code JobSubmissionGateway.attachJob}, see {@link ClientRelay#attach}). */
    JobSummary attach(ClientGateway newClient) {
        client.attach(newClient, status);
        return summary();
    }

    CollectRelay collectRelay() {
        return client.collectRelay();
    }

    /** The job's tasks restore {@code restore} when first deployed (a start from a savepoint); call before {@link #start}. */
    void restoreAtStart(StateAssignment.AssignedState restore) {
        checkpointing.restoredAtStart(restore);
    }

    /** Runs the job if its slots are free; else asks the worker supply for them: fails at once if they never come, else waits (bounded). */
    void start() {
        LOG.info("Job {} ('{}'): submitted, {} tasks in {} vertices, needs {} slots", id(), graph.name(),
                graph.numberOfTasks(), graph.vertices().size(), scheduler.requiredSlots());
        if (setUpFormats() && !tryAllocateSlots()) {
            scheduler.awaitSlots();
        }
    }

    /** The slots the job takes while it runs. */
    int requiredSlots() {
        return scheduler.requiredSlots();
    }

    /** Takes the slots and deploys if the job is waiting and enough slots are free; true if it did. */
    boolean tryAllocateSlots() {
        if (status != JobStatus.CREATED) {
            return false;
        }
        ExecutionGraph built = scheduler.tryAllocateSlots();
        if (built == null) {
            return false;
        }
        executionGraph = built;
        failover = new JobFailover(restartStrategy, executionGraph, tasks, ctx.failoverSettings(),
                new JobRestartActions(this, ctx, scheduler, client));
        status = JobStatus.RUNNING;
        checkpointing.start(executionGraph);
        deployTime = ctx.clock().millis();
        scheduler.prepareWorkers(this::deployReadyRegions);
        return true;
    }

    /** Deploys every region whose blocking inputs are complete, unless the job has stopped running or a restart is pending. */
    void deployReadyRegions() {
        if (status != JobStatus.RUNNING || failover.isRestartPending()) {
            return;
        }
        scheduler.deployReadyRegions();
        iterations.regionsDeployed(executionGraph);
        client.progress().deployed(executionGraph);
    }

    /** The job's task history so far (a copy). */
    List<TaskEvent> taskEvents() {
        return tasks.history();
    }

    void onTaskStateChanged(TaskStateUpdate update) {
        ExecutionVertex task = executionGraph == null ? null : executionGraph.task(update.task());
        if (task == null || status.isTerminal()) {
            LOG.debug("Job {}: ignoring {} ({} the job is {})", id(), update, task == null ? "unknown task," : "", status);
            return;
        }
        switch (update.state()) {
            case RUNNING -> {
                if (tasks.transition(task, TaskExecutionState.RUNNING, null)) {
                    checkpointing.onTaskRunning();
                    client.progress().taskRunning(executionGraph);
                }
            }
            case FINISHED -> {
                if (tasks.transition(task, TaskExecutionState.FINISHED, update.accumulatorsOrNull()) && status == JobStatus.RUNNING) {
                    checkpointing.onTaskFinished(task.id());
                    if (executionGraph.allFinished()) {
                        end(JobStatus.FINISHED);
                        return;
                    }
                    deployReadyRegions();
                    failover.checkRestartReady();
                }
                checkCancellationComplete();
            }
            case FAILED -> onTaskFailed(task, update.failureOrNull());
            case CANCELED -> {
                if (tasks.transition(task, TaskExecutionState.CANCELED, null) && status == JobStatus.RUNNING) {
                    if (task.isCancelRequested()) {
                        failover.checkRestartReady();
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

    void onTaskFailed(ExecutionVertex task, FailureInfo cause) {
        if (!tasks.transition(task, TaskExecutionState.FAILED, null)) {
            return;
        }
        checkpointing.onTaskFailure(cause);
        JobFailure ofTask = JobFailure.ofTask(task.taskName(), task.worker().describeShort(), cause);
        rememberFailure(task.taskName(), task.worker().id().value(), cause);
        if (status == JobStatus.RUNNING) {
            failover.onFailure(List.of(task), ofTask, false);
        } else if (status == JobStatus.FAILING && failover.restarts() == 0 && failure != null && failure.isInputFailure()
                && !ofTask.isInputFailure()) {
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
        List<ExecutionVertex> failed = tasks.failTasksOf(worker, executionGraph);
        List<String> lostTasks = failed.stream().map(ExecutionVertex::taskName).toList();
        LOG.warn("Job {}: {}; it ran {}", id(), message, lostTasks);
        JobFailure lost = JobFailure.of(new WorkerLostException(message), "Worker " + message + " (it ran "
                + String.join(", ", lostTasks) + ")");
        rememberFailure(String.join(", ", lostTasks), worker.id().value(), lost.cause());
        if (status == JobStatus.RUNNING) {
            failover.onFailure(failed, lost, executionGraph.laneHasWorkLeft(worker));
        } else if (status == JobStatus.FAILING && failover.restarts() == 0 && failure != null
                && (failure.isConnectionFailure() || failure.isInputFailure())) {
            // Tasks talking to the dead worker often report their broken connection before the
            // master's own connection to it does: the client gets the worker's loss, the cause.
            LOG.info("Job {}: {}; reported as the job's failure instead of: {}", id(), lost.summary(), failure.summary());
            failure = lost;
        }
        checkCancellationComplete();
    }

    /** Called by the master when slots were freed or a worker registered. */
    void onSlotsAvailable() {
        if (status == JobStatus.RUNNING) {
            failover.onSlotsAvailable();
        }
    }

    /**
     * Cancels the job saying why ({@code reason} ends the client's "Job 'x' was cancelled: ..."); a
     * job that has ended already is left alone.
     */
    void cancel(String reason) {
        if (cancelReason == null && (status == JobStatus.CREATED || status == JobStatus.RUNNING)) {
            cancelReason = reason;
        }
        cancel();
    }

    /** Cancels the job; a job that has ended already is left alone. */
    void cancel() {
        switch (status) {
            case CREATED -> end(JobStatus.CANCELED);
            case RUNNING -> {
                LOG.info("Job {}: cancelling", id());
                failover.stop();
                status = JobStatus.CANCELLING;
                client.progress().cancelling(executionGraph);
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
        return checkpointing.triggerSavepoint(status, targetDirectoryOrNull, cancelAfter);
    }

    /** Fails a RUNNING job (a part of it found the job cannot go on); does nothing in any other state. */
    private void failIfRunning(Throwable cause, String summary) {
        if (status == JobStatus.RUNNING) {
            startFailing(JobFailure.of(cause, summary));
        }
    }

    void startFailing(JobFailure cause) {
        failover.stop();
        failure = cause;
        status = JobStatus.FAILING;
        LOG.warn("Job {}: failing: {}", id(), cause.summary());
        client.progress().failing(executionGraph, cause.summary());
        cancelRemainingTasks();
        checkCancellationComplete();
    }

    private void cancelRemainingTasks() {
        for (ExecutionVertex t : executionGraph.tasks()) {
            tasks.cancel(t, false);
        }
        cancelCancelTimer();
        cancelTimer = ctx.mainThread().schedule(this::onCancelTimeout, ctx.config().cancelTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A FAILING or CANCELLING job ends once all its tasks have ended. */
    private void checkCancellationComplete() {
        if ((status == JobStatus.FAILING || status == JobStatus.CANCELLING) && executionGraph.allTerminal()) {
            end(status == JobStatus.FAILING ? JobStatus.FAILED : JobStatus.CANCELED);
        }
    }

    /** A FAILING or CANCELLING job whose tasks did not all confirm their end within the cancel timeout ends without them. */
    private void onCancelTimeout() {
        if (status == JobStatus.FAILING || status == JobStatus.CANCELLING) {
            List<String> stuck = executionGraph.tasks().stream().filter(t -> !t.isTerminal()).map(ExecutionVertex::toString).toList();
            LOG.warn("Job {}: {} task(s) did not confirm cancellation within {}; giving up on them: {}", id(), stuck.size(),
                    ctx.config().cancelTimeout(), stuck);
            end(status == JobStatus.FAILING ? JobStatus.FAILED : JobStatus.CANCELED);
        }
    }

    /** Ends a job that never ran (CREATED) as FAILED with {@code cause}. */
    void failBeforeRunning(JobFailure cause) {
        failure = cause;
        end(JobStatus.FAILED);
    }

    private void end(JobStatus finalStatus) {
        byte[] accumulators = client.noAccumulators();
        if (finalStatus == JobStatus.FINISHED) {
            try {
                accumulators = client.mergeAccumulators(executionGraph, List.of(checkpointing.statsAccumulators(), iterations.accumulators()));
            } catch (RuntimeException e) {
                failure = JobFailure.of(e, "The accumulators of the job could not be merged: " + e.getMessage());
                finalStatus = JobStatus.FAILED;
            }
        }
        RuntimeException commitFailure = formats == null ? null : formats.finish(finalStatus == JobStatus.FINISHED);
        if (commitFailure != null) {
            failure = JobFailure.of(commitFailure, commitFailure.getMessage());
            finalStatus = JobStatus.FAILED;
        }
        status = finalStatus;
        endTime = ctx.clock().millis();
        cancelCancelTimer();
        if (failover != null) {
            failover.stop();
        }
        checkpointing.shutdown(finalStatus);
        iterations.jobEnded();
        scheduler.release();
        library.close();
        long runtime = deployTime == 0 ? 0 : ctx.clock().millis() - deployTime;
        String summary = failure != null ? failure.summary()
                : finalStatus == JobStatus.CANCELED && cancelReason != null ? cancelReason : "";
        client.jobEnded(finalStatus, runtime, accumulators, failure == null ? null : failure.cause(), summary);
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
            failBeforeRunning(JobFailure.of(e, e.getMessage()));
            return false;
        }
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

    /** The job's loops (superstep reports arrive here). */
    JobIterations iterations() {
        return iterations;
    }

    /** The batch formats of the job (a restart gives restarted source subtasks' splits back); null before start. */
    FormatCoordinator formats() {
        return formats;
    }

    private void cancelCancelTimer() {
        if (cancelTimer != null) {
            cancelTimer.cancel(false);
            cancelTimer = null;
        }
    }
}
