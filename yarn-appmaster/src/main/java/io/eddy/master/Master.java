package io.eddy.master;

import io.eddy.configuration.Configuration;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.checkpoint.StateAssignment;
import io.eddy.master.checkpoint.SubmissionRestore;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.TaskEvent;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.master.workers.WorkerRegistry;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.cluster.LogTail;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.WorkerSample;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.worker.UserCodeLibrary;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The master: keeps the registry of workers and runs each submitted job with a {@link JobManager}.
 *
 * <p><b>Threads.</b> One single-threaded executor, the <i>master main thread</i> ({@code
 * eddy-master-main}), owns all state: {@link #registry}, {@link #jobs} and every {@link JobManager}.
 * Every gateway method only hops onto it, so gateway calls never block their caller and the master
 * needs no locks. Timers (slot wait, cancellation timeout) are scheduled on the same executor.
 *
 * <p>The same class serves the embedded {@code LocalCluster} (gateways called directly) and the
 * multi-process cluster (gateways called by the RPC layer).
 */
public final class Master implements MasterGateway, JobSubmissionGateway, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Master.class);

    private final MasterConfig config;
    private final Clock clock;
    private final WorkerSupply workerSupply;
    private final ScheduledThreadPoolExecutor mainThread;
    private final Context context = new Context();

    /** Owned by the main thread. */
    private final WorkerRegistry registry = new WorkerRegistry();
    /** Owned by the main thread; insertion order = submission order. */
    private final Map<JobId, JobManager> jobs = new LinkedHashMap<>();
    /** Each registered worker's latest metrics sample, dropped when the worker is lost. Main thread only. */
    private final Map<WorkerId, WorkerSample> workerSamples = new TreeMap<>(java.util.Comparator.comparing(WorkerId::value));

    private Master(MasterConfig config, Clock clock, WorkerSupply workerSupply) {
        this.config = config;
        this.clock = clock;
        this.workerSupply = workerSupply;
        this.mainThread = new ScheduledThreadPoolExecutor(1, r -> new Thread(r, "eddy-master-main"));
        mainThread.scheduleAtFixedRate(() -> jobs.values().forEach(JobManager::sampleHistory), 1, 1, TimeUnit.SECONDS);
        this.mainThread.setRemoveOnCancelPolicy(true);
        this.mainThread.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    public static Master start(MasterConfig config) {
        return start(config, Clock.systemUTC());
    }

    /** Starts a master with the given clock (a test seam for run times). */
    public static Master start(MasterConfig config, Clock clock) {
        return start(config, clock, WorkerSupply.EXTERNAL);
    }

    /** Starts a master that asks {@code workerSupply} for workers when jobs need more slots than are registered. */
    public static Master start(MasterConfig config, Clock clock, WorkerSupply workerSupply) {
        LOG.info("Master started (slot wait timeout {}, cancel timeout {}, workers from {})", config.slotWaitTimeout(),
                config.cancelTimeout(), workerSupply);
        return new Master(config, clock, java.util.Objects.requireNonNull(workerSupply, "workerSupply"));
    }

    /**
     * The slots a job takes while it runs: its largest parallelism (subtask i of every vertex runs
     * in lane i, so the vertices share the lanes).
     */
    public static int requiredSlots(JobGraph graph) {
        return ExecutionGraph.requiredSlots(graph);
    }

    @Override
    public CompletableFuture<Void> registerWorker(WorkerRegistration registration, WorkerGateway worker) {
        return onMain(() -> {
            registry.register(registration, worker);
            LOG.info("Worker {} registered with {} slot(s), data address {}; the cluster has {} slots",
                    registration.describe(), registration.slots(), registration.dataAddress(), registry.totalSlots());
            scheduleWaitingJobs();
            return null;
        });
    }

    @Override
    public void workerLost(WorkerId worker, String reason) {
        runOnMain("worker lost " + worker, () -> {
            RegisteredWorker lost = registry.remove(worker);
            workerSamples.remove(worker);
            if (lost == null) {
                LOG.debug("Worker {} reported lost ({}), but it is not registered", worker, reason);
                return;
            }
            LOG.warn("Worker {} was lost: {}", lost, reason);
            for (JobManager job : new ArrayList<>(jobs.values())) {
                job.onWorkerLost(lost, reason);
            }
        });
    }

    @Override
    public void taskStateChanged(TaskStateUpdate update) {
        runOnMain("task update " + update, () -> {
            JobManager job = jobs.get(update.task().job());
            if (job == null) {
                LOG.debug("Ignoring {}: job {} is unknown", update, update.task().job());
            } else {
                job.onTaskStateChanged(update);
            }
        });
    }

    @Override
    public CompletableFuture<Void> collectBatch(JobId job, String collectId, int subtask, byte[] batch) {
        return onMain(() -> jobOrThrow(job).collectRelay().batch(collectId, subtask, batch)).thenCompose(f -> f);
    }

    @Override
    public void collectFinished(JobId job, String collectId, int subtask) {
        runOnMain("collect finished " + collectId, () -> {
            JobManager manager = jobs.get(job);
            if (manager != null) {
                manager.collectRelay().finished(collectId, subtask);
            }
        });
    }

    @Override
    public void acknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) {
        runOnMain("checkpoint " + checkpointId + " acknowledged by " + task, () -> {
            JobManager job = jobs.get(task.job());
            if (job != null) {
                job.checkpointing().acknowledge(task, checkpointId, metrics, state);
            }
        });
    }

    @Override
    public void declineCheckpoint(TaskId task, long checkpointId, FailureInfo reason) {
        runOnMain("checkpoint " + checkpointId + " declined by " + task, () -> {
            JobManager job = jobs.get(task.job());
            if (job != null) {
                job.checkpointing().decline(task, checkpointId, reason);
            }
        });
    }

    @Override
    public void superstepDone(TaskId task, int superstep, byte[] aggregatesBytes) {
        runOnMain("superstep " + superstep + " done by " + task, () -> {
            JobManager job = jobs.get(task.job());
            if (job != null) {
                job.iterations().superstepDone(task, superstep, aggregatesBytes);
            }
        });
    }

    @Override
    public void reportTaskIo(WorkerId worker, List<TaskIoSample> samples) {
        runOnMain("task metrics of " + worker, () -> {
            for (TaskIoSample sample : samples) {
                JobManager job = jobs.get(sample.task().job());
                if (job != null) {
                    job.onTaskIo(worker, sample);
                }
            }
        });
    }

    @Override
    public void reportWorker(WorkerSample sample) {
        runOnMain("metrics of " + sample.worker(), () -> {
            if (registry.get(sample.worker()) != null) {
                workerSamples.put(sample.worker(), sample);
            }
        });
    }

    /** The workers' latest samples and every job's latest task metrics (the jobs the master still knows), for {@code /metrics}. */
    public CompletableFuture<ClusterMetrics> metrics() {
        return onMain(() -> new ClusterMetrics(List.copyOf(workerSamples.values()), jobs.values().stream().map(JobManager::metrics).toList()));
    }

    @Override
    public CompletableFuture<byte[]> requestInputSplit(TaskId task, String host) {
        return onMain(() -> jobOrThrow(task.job()).nextInputSplit(task, host));
    }

    @Override
    public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
        return onMain(() -> doSubmit(artifacts, client));
    }

    private JobId doSubmit(JobArtifacts artifacts, ClientGateway client) {
        JobGraph graph;
        try {
            graph = JobGraphBytes.decode(artifacts.jobGraph());
        } catch (IOException e) {
            throw new IllegalArgumentException("The master cannot read the job graph of job " + artifacts.job() + ": " + e.getMessage(), e);
        }
        if (jobs.containsKey(graph.jobId())) {
            throw new IllegalArgumentException("Job " + graph.jobId() + " was submitted already: submit a job graph with a new job id");
        }
        ExecutionGraph.validate(graph);
        StateAssignment.AssignedState restore = SubmissionRestore.assign(graph,
                new Configuration(config.jobDefaults()).merge(new Configuration(graph.settings())));
        UserCodeLibrary library = UserCodeLibrary.create(graph.jobId(), artifacts.jars(), config.tempDirectory(), Master.class.getClassLoader());
        JobManager job;
        try {
            job = new JobManager(context, graph, artifacts, library, client);
        } catch (RuntimeException e) {
            library.close();
            throw e;
        }
        jobs.put(graph.jobId(), job);
        if (restore != null) {
            job.restoreAtStart(restore);
        }
        job.start();
        return graph.jobId();
    }

    @Override
    public CompletableFuture<Optional<JobSummary>> attachJob(JobId job, ClientGateway client) {
        return onMain(() -> {
            JobManager manager = jobs.get(job);
            if (manager == null) {
                LOG.info("A client asked to attach to job {}, which this master does not know", job);
                return Optional.empty();
            }
            return Optional.of(manager.attach(client));
        });
    }

    @Override
    public CompletableFuture<Void> cancelJob(JobId job) {
        return onMain(() -> {
            jobOrThrow(job).cancel();
            return null;
        });
    }

    /** Cancels a job saying why: the client's failure reads "Job 'x' was cancelled: {@code reason}". */
    public CompletableFuture<Void> cancelJob(JobId job, String reason) {
        return onMain(() -> {
            jobOrThrow(job).cancel(reason);
            return null;
        });
    }

    @Override
    public CompletableFuture<List<JobSummary>> listJobs() {
        return onMain(() -> jobs.values().stream().map(JobManager::summary).toList());
    }

    @Override
    public CompletableFuture<Optional<JobDetails>> jobDetails(JobId job) {
        return onMain(() -> Optional.ofNullable(jobs.get(job)).map(JobManager::details));
    }

    /** The job as the dashboard shows it (details, edges, recent history, subtasks); empty for a job the master does not know. */
    public CompletableFuture<Optional<JobDashboard>> jobDashboard(JobId job) {
        return onMain(() -> Optional.ofNullable(jobs.get(job)).map(JobManager::dashboard));
    }

    /** The registered workers (their registrations) with their latest samples, if any. */
    public CompletableFuture<List<WorkerView>> workerViews() {
        return onMain(() -> registry.workers().stream()
                .map(w -> WorkerView.of(w.registration(), w.freeSlots(), workerSamples.get(w.id()))).toList());
    }

    /**
     * The end of registered worker {@code worker}'s log file, at most {@code maxBytes}; empty for a
     * worker the master does not know; fails if the worker writes no log of its own or cannot read it.
     */
    public CompletableFuture<Optional<LogTail>> workerLog(WorkerId worker, int maxBytes) {
        return onMain(() -> Optional.ofNullable(registry.get(worker)))
                .thenCompose(w -> w.isEmpty() ? CompletableFuture.completedFuture(Optional.<LogTail>empty())
                        : w.get().gateway().logTail(maxBytes).thenApply(Optional::of));
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter) {
        return onMain(() -> jobOrThrow(job).triggerSavepoint(targetDirectoryOrNull, cancelAfter)).thenCompose(f -> f);
    }

    /** Completes with the job's final status once it has ended; fails for an unknown job. */
    public CompletableFuture<JobStatus> jobTermination(JobId job) {
        return onMain(() -> jobOrThrow(job).termination()).thenCompose(f -> f);
    }

    /**
     * The task history of a job (running or retained after its end): deployments and task states in
     * the order the master acted and heard, e.g. for tests and monitoring; fails for an unknown job.
     */
    public CompletableFuture<List<TaskEvent>> taskEvents(JobId job) {
        return onMain(() -> jobOrThrow(job).taskEvents());
    }

    /** The number of registered workers and their free slots, e.g. for tests: {@code [workers, totalSlots, freeSlots]}. */
    public CompletableFuture<int[]> slotReport() {
        return onMain(() -> new int[] {registry.workers().size(), registry.totalSlots(), registry.freeSlots()});
    }

    private JobManager jobOrThrow(JobId job) {
        JobManager manager = jobs.get(job);
        if (manager == null) {
            throw new IllegalArgumentException("No job " + job + " is known to this master: list the jobs to see their ids");
        }
        return manager;
    }

    private void scheduleWaitingJobs() {
        for (JobManager job : jobs.values()) {
            if (job.status() == JobStatus.CREATED) {
                job.tryAllocateSlots();
            } else if (job.status() == JobStatus.RUNNING) {
                job.onSlotsAvailable();
            }
        }
    }

    private void retireEndedJobs() {
        long ended = jobs.values().stream().filter(j -> j.status().isTerminal()).count();
        Iterator<JobManager> it = jobs.values().iterator();
        while (ended > config.retainedEndedJobs() && it.hasNext()) {
            JobManager job = it.next();
            if (job.status().isTerminal()) {
                it.remove();
                job.forgotten();
                ended--;
            }
        }
    }

    /** Why a job ends cancelled when its master shuts down (the client's message ends with it). */
    public static final String MASTER_SHUT_DOWN = "its master shut down (on YARN: the ApplicationMaster was stopped, e.g. the application was killed)";

    /**
     * Cancels all running jobs, waits (bounded by the cancel timeout plus a margin) until they have
     * ended, and stops the main thread. Idempotent.
     */
    @Override
    public void close() {
        if (mainThread.isShutdown()) {
            return;
        }
        try {
            CompletableFuture<Void> allEnded = onMain(() -> {
                List<CompletableFuture<JobStatus>> ends = new ArrayList<>();
                for (JobManager job : new ArrayList<>(jobs.values())) {
                    job.cancel(MASTER_SHUT_DOWN);
                    ends.add(job.termination());
                }
                return CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0]));
            }).thenCompose(f -> f);
            allEnded.get(config.cancelTimeout().toMillis() + 5_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("Master: not all jobs ended while closing", e);
        }
        try {
            onMain(() -> {
                jobs.values().forEach(JobManager::forgotten);
                return null;
            }).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("Master: the jobs' MBeans could not be removed while closing", e);
        }
        mainThread.shutdown();
        try {
            if (!mainThread.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("Master: the main thread did not stop within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LOG.info("Master stopped");
    }

    private <T> CompletableFuture<T> onMain(Supplier<T> action) {
        try {
            return CompletableFuture.supplyAsync(action, mainThread);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new IllegalStateException("The master is shut down", e));
        }
    }

    private void runOnMain(String what, Runnable action) {
        try {
            mainThread.execute(() -> {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    LOG.error("Master: '{}' failed", what, e);
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("Master is shut down: dropping '{}'", what);
        }
    }

    /** What job managers see of the master. Used on the main thread only. */
    private final class Context implements MasterContext {
        @Override
        public ScheduledExecutorService mainThread() {
            return mainThread;
        }

        @Override
        public WorkerRegistry registry() {
            return registry;
        }

        @Override
        public MasterConfig config() {
            return config;
        }

        @Override
        public Clock clock() {
            return clock;
        }

        @Override
        public void jobEnded(JobManager job) {
            retireEndedJobs();
            scheduleWaitingJobs();
        }

        @Override
        public Optional<String> demandSlots(JobManager waiting) {
            int total = registry.totalSlots() - registry.freeSlots();
            for (JobManager job : jobs.values()) {
                if (job.status() == JobStatus.CREATED) {
                    total += job.requiredSlots();
                }
            }
            return workerSupply.demand(total, waiting.requiredSlots());
        }

        @Override
        public String describeShortage(int needed) {
            return registry.describeShortage(needed, workerSupply.shortageAdvice());
        }
    }
}
