package io.eddy.runtime.worker;

import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.LogTail;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.WorkerSample;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.memory.MemoryOptions;
import io.eddy.runtime.metrics.TaskJmx;
import io.eddy.runtime.tasks.CheckpointServices;
import io.eddy.runtime.tasks.IterationServices;
import io.eddy.runtime.tasks.Task;
import io.eddy.runtime.tasks.TaskDeployment;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.tasks.TaskIoCounters;
import io.eddy.runtime.tasks.TaskServices;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker: offers slots to the master and runs the tasks the master deploys into them, with one
 * {@link NetworkEnvironment} for all its tasks' data exchange, one {@link MemoryManager} for their
 * managed memory and one {@link IOManager} for their spill files.
 *
 * <p><b>Threads.</b> Every {@link WorkerGateway} call hops onto the worker's main thread ({@code
 * eddy-worker-<id>}), which alone owns {@link #jobs}, {@link #tasks} and {@link #closed}. Tasks run
 * on their own threads and report to the master directly from there ({@link TaskReporter}); their
 * termination is handed back to the main thread.
 *
 * <p><b>Slots.</b> The master decides placement: slot i of a job hosts subtask i of every vertex
 * (slot sharing), and the master never puts more lanes on a worker than it has slots. The worker
 * trusts that and does not count.
 *
 * <p><b>Life cycle.</b> {@code prepareJob} (graph + classes) → {@code deployTask}* → {@code
 * releaseJob} (cancel leftovers, release partitions, close the class loader, delete the jars).
 * {@link #close()} cancels everything, stops the network environment and the snapshot executor and
 * closes the memory and I/O managers (deleting the spill files).
 *
 * <p><b>Checkpoints.</b> Triggers and notifications go, on the main thread, to the task by id
 * (unknown or ended tasks: ignored, debug log); the task queues them as mails. Tasks write the
 * asynchronous parts of their snapshots on the worker's snapshot executor and report to the master
 * through a {@link MasterCheckpointResponder}.
 */
public final class Worker implements WorkerGateway, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Worker.class);
    /** Threads writing snapshot state; few, since writing is I/O bound and tasks snapshot at the same moment. */
    private static final int SNAPSHOT_THREADS = 2;
    /** How often the worker sends its tasks' record counts to the master. */
    static final long METRICS_INTERVAL_MILLIS = 1000;

    private final WorkerConfig config;
    private final NetworkEnvironment network;
    private final MasterGateway master;
    private final MemoryManager memoryManager;
    private final IOManager ioManager;
    private final ExecutorService mainThread;
    /** Runs the asynchronous parts of the tasks' snapshots (writing state); shut down in {@link #close()}. */
    private final ExecutorService snapshotExecutor;
    private final CheckpointServices checkpointServices;

    /** Owned by the main thread. */
    private final Map<JobId, PreparedJob> jobs = new HashMap<>();
    /** Owned by the main thread. */
    private final Map<TaskId, RunningTask> tasks = new HashMap<>();
    /** The running tasks' record counts, by task: changed on the main thread, read by the metrics reporter. */
    private final Map<TaskId, TaskIoCounters> taskCounters = new ConcurrentHashMap<>();
    /** Sends {@link #taskCounters} and the worker's own metrics to the master every {@link #METRICS_INTERVAL_MILLIS} (docs/monitoring.md). */
    private final ScheduledExecutorService metricsReporter;
    /** Owned by the main thread. */
    private boolean closed;

    private Worker(WorkerConfig config, NetworkEnvironment network, MasterGateway master, MemoryManager memoryManager,
            IOManager ioManager) {
        this.config = config;
        this.network = network;
        this.master = master;
        this.memoryManager = memoryManager;
        this.ioManager = ioManager;
        this.mainThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "eddy-worker-" + config.id()));
        this.snapshotExecutor = Executors.newFixedThreadPool(SNAPSHOT_THREADS, snapshotThreadFactory(config.id().value()));
        this.checkpointServices = new CheckpointServices(new MasterCheckpointResponder(master, config.id().value()), snapshotExecutor);
        this.metricsReporter = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "eddy-metrics-" + config.id());
            thread.setDaemon(true);
            return thread;
        });
        metricsReporter.scheduleWithFixedDelay(this::reportMetrics, METRICS_INTERVAL_MILLIS, METRICS_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** One sample of the worker and of every running task's counters to the master; on the metrics reporter's thread. */
    private void reportMetrics() {
        List<TaskIoSample> samples = new ArrayList<>(taskCounters.size());
        taskCounters.forEach((id, counters) -> samples.add(TaskIoSample.of(id, counters)));
        try {
            master.reportWorker(workerSample());
            if (!samples.isEmpty()) {
                master.reportTaskIo(config.id(), samples);
            }
        } catch (RuntimeException e) {
            // The next sample replaces this one; a lost connection is the master's and the tasks' concern.
            LOG.warn("Worker {}: sending its metrics to the master failed: {}", config.id(), e.toString());
        }
    }

    /** The worker's JVM (heap, GC of every collector) and memory (managed, spilled) now. */
    private WorkerSample workerSample() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long collections = 0;
        long gcMillis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            collections += Math.max(0, gc.getCollectionCount()); // -1: not known for this collector
            gcMillis += Math.max(0, gc.getCollectionTime());
        }
        long page = memoryManager.pageSize();
        return new WorkerSample(config.id(), heap.getUsed(), heap.getMax(), collections, gcMillis,
                (memoryManager.totalPages() - memoryManager.availablePages()) * page, memoryManager.totalPages() * page,
                ioManager.spilledBytes());
    }

    /**
     * Starts a worker that reports to {@code master}. The worker owns {@code network} from now on
     * and closes it in {@link #close()}. Call {@link #register()} to offer its slots.
     */
    public static Worker start(WorkerConfig config, NetworkEnvironment network, MasterGateway master) {
        return start(config, network, master, Configuration.fromSystemProperties());
    }

    /**
     * Like {@link #start(WorkerConfig, NetworkEnvironment, MasterGateway)}, with the managed memory and
     * spill directories taken from {@code configuration} ({@link MemoryOptions}). Without
     * {@code io.tmp.dirs} the worker spills to its {@link WorkerConfig#tempDirectory()}.
     */
    public static Worker start(WorkerConfig config, NetworkEnvironment network, MasterGateway master,
            Configuration configuration) {
        MemoryManager memoryManager = MemoryOptions.createMemoryManager(configuration);
        File[] spillDirs = configuration.contains(MemoryOptions.TMP_DIRS) ? MemoryOptions.spillDirectories(configuration)
                : new File[] {config.tempDirectory().toFile()};
        IOManager ioManager = new IOManager(spillDirs);
        Worker worker = new Worker(config, network, master, memoryManager, ioManager);
        LOG.info("Worker {} started with {} slot(s), data address {}, {} of managed memory in pages of {} bytes, spilling to {}",
                config.id(), config.slots(), network.dataAddress(), memoryManager.totalPages() * (long) memoryManager.pageSize(),
                memoryManager.pageSize(), (Object) ioManager.spillingDirectories());
        return worker;
    }

    public WorkerId id() {
        return config.id();
    }

    public WorkerRegistration registration() {
        return new WorkerRegistration(config.id(), config.slots(), network.dataAddress(), config.host(), config.pid(),
                config.logFileOrNull() == null ? null : config.logFileOrNull().toString(), config.logUrlOrNull());
    }

    /** Registers this worker with its master; the future completes when the master accepted it. */
    public CompletableFuture<Void> register() {
        return master.registerWorker(registration(), this);
    }

    public NetworkEnvironment network() {
        return network;
    }

    /** The managed memory shared by this worker's tasks. */
    public MemoryManager memoryManager() {
        return memoryManager;
    }

    /** The spill-file I/O manager shared by this worker's tasks. */
    public IOManager ioManager() {
        return ioManager;
    }

    @Override
    public CompletableFuture<Void> prepareJob(JobArtifacts artifacts) {
        return CompletableFuture.runAsync(() -> doPrepareJob(artifacts), mainThread);
    }

    @Override
    public CompletableFuture<Void> deployTask(TaskDeploymentSpec spec) {
        return CompletableFuture.runAsync(() -> doDeployTask(spec), mainThread);
    }

    /** The most {@link #logTail} reads, whatever is asked. */
    public static final int MAX_LOG_TAIL_BYTES = 1 << 20;

    /** Reads the end of the log file on the calling thread (the RPC dispatcher): the worker's main thread never waits on it. */
    @Override
    public CompletableFuture<LogTail> logTail(int maxBytes) {
        Path file = config.logFileOrNull();
        if (file == null) {
            return CompletableFuture.failedFuture(new IllegalStateException("Worker " + config.id() + " writes no log file of its own: it"
                    + " runs inside the program's JVM (embedded), whose log it shares"));
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long length = channel.size();
            int n = (int) Math.min(length, Math.min(Math.max(0, maxBytes), MAX_LOG_TAIL_BYTES));
            ByteBuffer bytes = ByteBuffer.allocate(n);
            long position = length - n;
            while (bytes.hasRemaining()) {
                int read = channel.read(bytes, position + bytes.position());
                if (read < 0) {
                    break; // the file was truncated meanwhile (log rotation): what was read is its end
                }
            }
            return CompletableFuture.completedFuture(new LogTail(file.toString(), position + bytes.position(),
                    Arrays.copyOf(bytes.array(), bytes.position())));
        } catch (IOException e) {
            return CompletableFuture.failedFuture(new IOException("Worker " + config.id() + " cannot read its log file " + file + ": " + e, e));
        }
    }

    @Override
    public void cancelTask(TaskId task) {
        runOnMain("cancel task " + task, () -> {
            RunningTask running = tasks.get(task);
            if (running != null) {
                LOG.info("Worker {}: cancelling task {} of job {}", config.id(), task, task.job());
                running.cancel();
            }
        });
    }

    @Override
    public void releaseJob(JobId job) {
        runOnMain("release job " + job, () -> {
            List<CompletableFuture<?>> ends = cancelTasksOf(job);
            CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0]))
                    .orTimeout(config.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS)
                    .whenComplete((ignored, e) -> runOnMain("forget job " + job, () -> forgetJob(job, e)));
        });
    }

    @Override
    public void triggerCheckpoint(TaskId task, long checkpointId, long timestamp, CheckpointOptions options) {
        runOnMain("trigger checkpoint " + checkpointId + " at task " + task, () -> {
            RunningTask running = runningTask(task, "trigger of checkpoint " + checkpointId);
            if (running != null) {
                running.task().triggerCheckpoint(checkpointId, timestamp, options);
            }
        });
    }

    @Override
    public void notifyCheckpointComplete(TaskId task, long checkpointId) {
        runOnMain("notify task " + task + " of the completion of checkpoint " + checkpointId, () -> {
            RunningTask running = runningTask(task, "completion of checkpoint " + checkpointId);
            if (running != null) {
                running.task().notifyCheckpointComplete(checkpointId);
            }
        });
    }

    @Override
    public void notifyCheckpointAborted(TaskId task, long checkpointId) {
        runOnMain("notify task " + task + " of the abort of checkpoint " + checkpointId, () -> {
            RunningTask running = runningTask(task, "abort of checkpoint " + checkpointId);
            if (running != null) {
                running.task().notifyCheckpointAborted(checkpointId);
            }
        });
    }

    @Override
    public void superstepDecision(TaskId headTask, SuperstepDecision decision) {
        runOnMain("hand " + decision + " to task " + headTask, () -> {
            RunningTask running = runningTask(headTask, decision.toString());
            if (running != null) {
                running.task().superstepDecision(decision);
            }
        });
    }

    /** The running task {@code id}, or null (debug log naming {@code what}) if it is unknown here or has ended. Main thread. */
    private RunningTask runningTask(TaskId id, String what) {
        RunningTask running = tasks.get(id);
        if (running == null) {
            LOG.debug("Worker {}: ignoring the {} for task {} (job {}): not running here (ended or never deployed)", config.id(), what, id,
                    id.job());
        }
        return running;
    }

    private static ThreadFactory snapshotThreadFactory(String workerName) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread thread = new Thread(r, "eddy-snapshot-" + workerName + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The number of tasks currently running on this worker (for tests and monitoring). */
    public CompletableFuture<Integer> numberOfRunningTasks() {
        return CompletableFuture.supplyAsync(tasks::size, mainThread);
    }

    /** The number of jobs prepared and not yet released on this worker (for tests and monitoring). */
    public CompletableFuture<Integer> numberOfPreparedJobs() {
        return CompletableFuture.supplyAsync(jobs::size, mainThread);
    }

    private void doPrepareJob(JobArtifacts artifacts) {
        checkOpen();
        if (jobs.containsKey(artifacts.job())) {
            return;
        }
        JobGraph graph;
        try {
            graph = JobGraphBytes.decode(artifacts.jobGraph());
        } catch (IOException e) {
            throw new UncheckedIOException("Worker " + config.id() + " cannot read the job graph of job " + artifacts.job() + ": " + e.getMessage(), e);
        }
        if (!graph.jobId().equals(artifacts.job())) {
            throw new IllegalArgumentException("Bug: artifacts of job " + artifacts.job() + " carry the graph of job " + graph.jobId());
        }
        UserCodeLibrary library = UserCodeLibrary.create(graph.jobId(), artifacts.jars(),
                config.tempDirectory(), Worker.class.getClassLoader());
        jobs.put(graph.jobId(), new PreparedJob(graph, library));
        LOG.info("Worker {}: prepared job {} ('{}') with {} jar(s)", config.id(), graph.jobId(), graph.name(), artifacts.jars().size());
    }

    private void doDeployTask(TaskDeploymentSpec spec) {
        checkOpen();
        TaskId id = spec.task();
        PreparedJob job = jobs.get(id.job());
        if (job == null) {
            throw new IllegalStateException("Worker " + config.id() + " cannot deploy task " + id + ": job " + id.job()
                    + " was not prepared here (prepareJob must complete before deployTask) or was released already");
        }
        if (tasks.containsKey(id)) {
            throw new IllegalStateException("Bug: task " + id + " of job " + id.job() + " is deployed twice on worker " + config.id());
        }
        TaskDeployment deployment = job.deploymentFor(spec);
        TaskReporter reporter = new TaskReporter(master, config.id(), deployment.taskNameWithSubtask());
        TaskServices services = new TaskServices(network, reporter, new MasterCollectGateway(id.job(), master), config.id().value(),
                memoryManager, ioManager, task -> master.requestInputSplit(task, config.host()), checkpointServices,
                new IterationServices(master::superstepDone, job.laneResources(id.subtask())));
        Task task = new Task(deployment, services);
        reporter.watch(task.ioCounters());
        tasks.put(id, new RunningTask(task, reporter));
        taskCounters.put(id, task.ioCounters());
        TaskJmx.register(id, deployment.taskNameWithSubtask(), task.ioCounters());
        task.terminationFuture().whenComplete((state, e) -> runOnMain("end of task " + id, () -> onTaskEnded(id, reporter, e)));
        LOG.info("Worker {}: deploying task {} '{}' of job {}", config.id(), id, deployment.taskNameWithSubtask(), id.job());
        task.start();
    }

    private void onTaskEnded(TaskId id, TaskReporter reporter, Throwable terminationFailure) {
        tasks.remove(id);
        taskCounters.remove(id);
        TaskJmx.unregister(id);
        reporter.reportEndWithoutState(id, terminationFailure);
    }

    /** Cancels the job's tasks; returns their termination futures. */
    private List<CompletableFuture<?>> cancelTasksOf(JobId job) {
        List<CompletableFuture<?>> ends = new ArrayList<>();
        for (Map.Entry<TaskId, RunningTask> e : tasks.entrySet()) {
            if (e.getKey().job().equals(job)) {
                e.getValue().cancel();
                ends.add(e.getValue().task().terminationFuture());
            }
        }
        return ends;
    }

    private void forgetJob(JobId job, Throwable waitFailure) {
        if (waitFailure instanceof TimeoutException) {
            LOG.warn("Worker {}: tasks of job {} did not end within {} after cancelling; releasing the job anyway",
                    config.id(), job, config.shutdownTimeout());
        }
        network.releasePartitionsOf(job);
        PreparedJob prepared = jobs.remove(job);
        if (prepared != null) {
            prepared.close();
            LOG.info("Worker {}: released job {}", config.id(), job);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("Worker " + config.id() + " is shutting down");
        }
    }

    /** Runs {@code action} on the main thread; after {@link #close()} the action is dropped with a debug log line. */
    private void runOnMain(String what, Runnable action) {
        try {
            mainThread.execute(() -> {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    LOG.error("Worker {}: '{}' failed", config.id(), what, e);
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("Worker {} is closed: dropping '{}'", config.id(), what);
        }
    }

    /**
     * Cancels all tasks, waits (bounded by the shutdown timeout) for them to end, releases all jobs
     * and closes the network environment. Idempotent. Must not be called from a task thread.
     */
    @Override
    public void close() {
        shutdown();
    }

    /**
     * {@link #close()}, telling whether every task ended within the shutdown timeout after its
     * cancellation (true also when the worker was closed before).
     */
    public boolean shutdown() {
        CompletableFuture<List<CompletableFuture<?>>> cancelled;
        try {
            cancelled = CompletableFuture.supplyAsync(this::cancelAll, mainThread);
        } catch (RejectedExecutionException e) {
            return true; // closed before
        }
        boolean tasksEnded = false;
        try {
            List<CompletableFuture<?>> ends = cancelled.get(config.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS);
            CompletableFuture.allOf(ends.toArray(new CompletableFuture<?>[0])).get(config.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS);
            tasksEnded = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("Worker {}: not all tasks ended within {} after cancelling; closing anyway", config.id(), config.shutdownTimeout(), e);
        }
        CompletableFuture<Void> released = CompletableFuture.runAsync(this::releaseAll, mainThread);
        mainThread.shutdown();
        try {
            released.get(config.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!mainThread.awaitTermination(config.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                LOG.warn("Worker {}: the main thread did not stop within {}", config.id(), config.shutdownTimeout());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.warn("Worker {}: releasing the jobs failed while closing", config.id(), e);
        } finally {
            snapshotExecutor.shutdownNow();
            metricsReporter.shutdownNow();
            taskCounters.keySet().forEach(TaskJmx::unregister); // tasks whose end the stopped main thread did not see
            try {
                network.close();
            } finally {
                ioManager.close();
                memoryManager.close();
            }
        }
        LOG.info("Worker {} stopped", config.id());
        return tasksEnded;
    }

    private List<CompletableFuture<?>> cancelAll() {
        closed = true;
        List<CompletableFuture<?>> ends = new ArrayList<>();
        for (RunningTask t : tasks.values()) {
            t.cancel();
            ends.add(t.task().terminationFuture());
        }
        return ends;
    }

    private void releaseAll() {
        for (JobId job : new ArrayList<>(jobs.keySet())) {
            forgetJob(job, null);
        }
    }

    @Override
    public String toString() {
        return "Worker{" + config.id() + ", " + config.slots() + " slots}";
    }

    /** A task and its reporter. */
    private record RunningTask(Task task, TaskReporter reporter) {
        void cancel() {
            reporter.cancelRequested();
            task.cancel();
        }
    }
}
