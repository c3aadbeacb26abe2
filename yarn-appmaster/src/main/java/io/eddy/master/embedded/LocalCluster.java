package io.eddy.master.embedded;

import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.GatewayJobClient;
import io.eddy.master.Master;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.io.network.NetworkEnvironment;
import io.eddy.runtime.worker.Worker;
import io.eddy.runtime.worker.WorkerConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A master and its workers in this JVM: the embedded cluster.
 *
 * <p>Control calls go straight to the objects: {@link Master} and {@link Worker} implement the
 * gateway interfaces by hopping onto their own main threads, so a method call here is what a
 * message is between processes (no sockets for control). Data still goes through each worker's own
 * {@link NetworkEnvironment}: with one worker all channels are local, with two or more the channels
 * between workers are real TCP connections on the loopback interface.
 *
 * <pre>
 *   client --submit--> Master (eddy-master-main) --prepare/deploy/cancel--> Worker (eddy-worker-N) --> Task threads
 *      ^                  |  ^                                                                            |
 *      '--result/collect--'  '----------------- task states, collect batches ------------------------------'
 * </pre>
 *
 * <p>Thread-safe. {@link #close()} stops the master, the workers and their network environments.
 */
public final class LocalCluster implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LocalCluster.class);

    private final LocalClusterConfig config;
    private final Master master;
    /** Guarded by this. */
    private final List<Worker> workers = new ArrayList<>();
    /** Guarded by this. */
    private boolean closed;
    /** Workers started so far, lost ones included: the next worker is {@code worker-<started + 1>}. Guarded by this. */
    private int started;

    private LocalCluster(LocalClusterConfig config, Master master) {
        this.config = config;
        this.master = master;
    }

    /**
     * Starts the master and the workers and waits until all workers have registered.
     *
     * @throws IOException if a worker's network environment cannot start (e.g. no free port)
     */
    public static LocalCluster start(LocalClusterConfig config) throws IOException, InterruptedException {
        LocalCluster cluster = new LocalCluster(config, Master.start(config.master()));
        try {
            for (int i = 1; i <= config.workers(); i++) {
                cluster.addWorker();
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
        LOG.info("Local cluster started: {} worker(s) x {} slot(s)", config.workers(), config.slotsPerWorker());
        return cluster;
    }

    /**
     * Starts one more worker with the configured slots and waits until it registered, as an operator
     * or a YARN ApplicationMaster replaces a lost one (see {@link #loseWorker}); returns its id.
     *
     * @throws IOException if its network environment cannot start (e.g. no free port)
     */
    public WorkerId addWorker() throws IOException, InterruptedException {
        int index;
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("The local cluster is closed: it starts no more workers");
            }
            index = ++started;
        }
        WorkerConfig workerConfig = new WorkerConfig(new WorkerId("worker-" + index), config.slotsPerWorker(), "127.0.0.1",
                ProcessHandle.current().pid(), config.master().tempDirectory(), config.workerShutdownTimeout());
        NetworkEnvironment network = NetworkEnvironment.start(config.network());
        Worker worker = Worker.start(workerConfig, network, master, config.workerConfiguration());
        synchronized (this) {
            workers.add(worker);
        }
        try {
            worker.register().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("Worker " + workerConfig.id() + " could not register with the local master: " + e.getMessage(), e);
        }
        return workerConfig.id();
    }

    /** Submits a job whose classes are on this JVM's class path; returns at once. */
    public JobClient submit(JobGraph graph) throws JobExecutionException, InterruptedException {
        ClassLoader cl = Thread.currentThread().getContextClassLoader();
        return submit(graph, cl != null ? cl : LocalCluster.class.getClassLoader());
    }

    /**
     * Submits a job; {@code userClassLoader} reads its accumulator results on the client side.
     *
     * @throws JobExecutionException if the master rejects the job (e.g. an unreadable graph)
     */
    public GatewayJobClient submit(JobGraph graph, ClassLoader userClassLoader) throws JobExecutionException, InterruptedException {
        return submit(JobGraphBytes.artifactsWithoutJars(graph), graph.name(), userClassLoader);
    }

    /**
     * Submits a job with jars: the workers load its classes through a parent-first loader over them,
     * so classes on this JVM's class path come from there and only the others from the jars (a
     * MapReduce job's {@code -libjars}).
     *
     * @throws IOException if a jar cannot be read
     */
    public GatewayJobClient submit(JobGraph graph, List<Path> jars, ClassLoader userClassLoader)
            throws JobExecutionException, InterruptedException, IOException {
        return submit(jars.isEmpty() ? JobGraphBytes.artifactsWithoutJars(graph) : JobGraphBytes.artifacts(graph, jars), graph.name(), userClassLoader);
    }

    private GatewayJobClient submit(JobArtifacts artifacts, String name, ClassLoader userClassLoader) throws JobExecutionException, InterruptedException {
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("The local cluster is closed: start a new one to submit job '" + name + "'");
            }
        }
        return GatewayJobClient.submit(master, artifacts, userClassLoader, config.collectQueueCapacity());
    }

    public Master master() {
        return master;
    }

    public synchronized List<Worker> workers() {
        return List.copyOf(workers);
    }

    public LocalClusterConfig config() {
        return config;
    }

    /**
     * Simulates losing a worker, as a process cluster sees a closed connection: the master hears
     * that it is lost (jobs with tasks on it fail with {@code reason}), then the worker is stopped.
     */
    public void loseWorker(WorkerId id, String reason) throws InterruptedException {
        Worker worker;
        synchronized (this) {
            worker = workers.stream().filter(w -> w.id().equals(id)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("No worker " + id + " in this local cluster (it has " + workers + ")"));
            workers.remove(worker);
        }
        master.workerLost(id, reason);
        try {
            // the master handles calls in order: once this completes, it has processed the loss
            master.slotReport().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("The master did not confirm the loss of worker {}", id, e);
        }
        worker.close();
    }

    /** Cancels the running jobs, stops the master, then the workers. Idempotent. */
    @Override
    public void close() {
        List<Worker> toClose;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            toClose = new ArrayList<>(workers);
            workers.clear();
        }
        master.close();
        for (Worker w : toClose) {
            w.close();
        }
        LOG.info("Local cluster stopped");
    }
}
