package io.eddy.yarn.appmaster;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.JobSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ApplicationMaster's job submission gateway: the master's, with every job kept in a {@link
 * JobStore} while it runs, so that a later AM attempt can submit it again ({@link JobRecovery}).
 *
 * <p>{@link #submitJob}: (1) a job with checkpointing on ({@code execution.checkpointing.interval}
 * &gt; 0 in its graph's settings) and no {@code state.checkpoints.dir} gets the store's {@link
 * JobStore#checkpointsDirectory()} ({@code <appDir>/checkpoints}, which survives AM attempts): its
 * graph is decoded, the setting added and the graph encoded again; (2) the (possibly rewritten)
 * artifacts are stored; (3) only then is the job handed to the master. When the master rejects the
 * job, or the job ends (its client's {@link ClientGateway#jobFinished}, which the master calls once
 * per job whatever the final status), the entry is removed. A job id this gateway has running
 * already is rejected without touching its entry. {@link #attachJob} wraps the attaching client
 * the same way (the job's end removes the entry whichever client hears of it). The other calls go
 * to the master unchanged.
 *
 * <p><b>Shutdown.</b> {@link #close()} stops all store updates. The AM calls it <i>before</i> it
 * closes the master: the master cancels its running jobs when it closes, and those jobs must keep
 * their entries when the AM exits without unregistering (a later attempt recovers them); when the
 * AM unregisters, it deletes the whole application directory anyway.
 *
 * <p><b>Threads.</b> Like every gateway, calls never block: file system work runs on the
 * gateway's own thread ({@code eddy-job-store}), which serializes all puts and removals, so the
 * entry of a job is removed only after it was written. The master's callbacks to the wrapped
 * client run on the master's main thread and only hand work over.
 */
public final class PersistingJobSubmissionGateway implements JobSubmissionGateway, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PersistingJobSubmissionGateway.class);

    private final JobSubmissionGateway master;
    private final JobStore store;
    private final ExecutorService storeThread;
    /** Jobs submitted through this gateway and not yet ended (any thread). */
    private final Set<JobId> active = ConcurrentHashMap.newKeySet();
    /** Set by {@link #close()}; checked before a put or removal is queued and before a put runs. */
    private volatile boolean closed;

    /**
     * @param master the master's gateway (e.g. the {@code Master} itself)
     * @param store where the jobs are kept
     */
    public PersistingJobSubmissionGateway(JobSubmissionGateway master, JobStore store) {
        this.master = master;
        this.store = store;
        this.storeThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "eddy-job-store");
            t.setDaemon(true);
            return t;
        });
    }

    /** The store this gateway writes to. */
    public JobStore store() {
        return store;
    }

    /**
     * Stores the job, then submits it to the master. The future fails, and nothing is submitted,
     * when the graph cannot be decoded or the entry cannot be written (the message names the path),
     * or when this gateway is closed; otherwise it completes as the master's does.
     */
    @Override
    public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
        JobId job = artifacts.job();
        if (!active.add(job)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("Job " + job
                    + " was submitted already and is still running: submit a job graph with a new job id"));
        }
        CompletableFuture<JobArtifacts> stored;
        try {
            stored = CompletableFuture.supplyAsync(() -> persist(artifacts), storeThread);
        } catch (RejectedExecutionException e) {
            active.remove(job);
            return CompletableFuture.failedFuture(new IllegalStateException("The job store is closed (the ApplicationMaster is shutting down):"
                    + " job " + job + " was not submitted", e));
        }
        CompletableFuture<JobId> submitted = stored.thenCompose(a -> master.submitJob(a, new RemovingClient(client, job)));
        submitted.whenComplete((id, failure) -> {
            if (failure != null) {
                LOG.info("Job {} was not accepted ({}); removing its store entry", job, failure.getMessage());
                removeLater(job);
            }
        });
        return submitted;
    }

    /** The master's attach, with the removal of the job's entry when the job ends reported to the new client. */
    @Override
    public CompletableFuture<Optional<JobSummary>> attachJob(JobId job, ClientGateway client) {
        return master.attachJob(job, new RemovingClient(client, job));
    }

    @Override
    public CompletableFuture<Void> cancelJob(JobId job) {
        return master.cancelJob(job);
    }

    @Override
    public CompletableFuture<List<JobSummary>> listJobs() {
        return master.listJobs();
    }

    @Override
    public CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> jobDetails(io.eddy.jobgraph.JobId job) {
        return master.jobDetails(job);
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter) {
        return master.triggerSavepoint(job, targetDirectoryOrNull, cancelAfter);
    }

    /**
     * Stops all store updates: entries written stay, jobs ending from now on keep theirs, and new
     * submissions fail. Waits up to 10 s for the updates queued before (a put in progress, removals
     * of jobs that ended before). Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        storeThread.shutdown();
        try {
            if (!storeThread.awaitTermination(10, TimeUnit.SECONDS)) {
                LOG.warn("The job store thread did not finish its update within 10 s; the entry it writes may be incomplete");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs on the store thread. */
    private JobArtifacts persist(JobArtifacts artifacts) {
        if (closed) {
            throw new IllegalStateException("The job store is closed (the ApplicationMaster is shutting down): job "
                    + artifacts.job() + " was not submitted");
        }
        JobArtifacts withDirectory = withDefaultCheckpointDirectory(artifacts, store.checkpointsDirectory().toString());
        try {
            store.put(withDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("Job " + artifacts.job() + " was not submitted: the ApplicationMaster cannot store it under "
                    + store.jobsDirectory() + " to recover it after a restart: " + e.getMessage(), e);
        }
        return withDirectory;
    }

    /**
     * {@code artifacts} with {@code state.checkpoints.dir} set to {@code directory} when the graph's
     * settings turn checkpointing on and set no checkpoint directory; otherwise {@code artifacts}.
     *
     * @throws IllegalArgumentException if the graph cannot be decoded
     */
    static JobArtifacts withDefaultCheckpointDirectory(JobArtifacts artifacts, String directory) {
        JobGraph graph;
        try {
            graph = JobGraphBytes.decode(artifacts.jobGraph());
        } catch (IOException e) {
            throw new IllegalArgumentException("The ApplicationMaster cannot read the job graph of job " + artifacts.job() + ": "
                    + e.getMessage(), e);
        }
        Configuration settings = new Configuration(graph.settings());
        if (settings.get(CheckpointingOptions.INTERVAL).isZero() || settings.get(CheckpointingOptions.CHECKPOINTS_DIR) != null) {
            return artifacts;
        }
        return new JobArtifacts(artifacts.job(), JobGraphBytes.encode(withSetting(graph, CheckpointingOptions.CHECKPOINTS_DIR.key(), directory)),
                artifacts.jars());
    }

    /** {@code graph} with one more setting. */
    static JobGraph withSetting(JobGraph graph, String key, String value) {
        Map<String, String> settings = new TreeMap<>(graph.settings());
        settings.put(key, value);
        return new JobGraph(graph.jobId(), graph.name(), graph.vertices(), graph.edges(), graph.bufferTimeoutMillis(),
                graph.serializerConfigBytes(), settings);
    }

    /**
     * Any thread: queues the removal of the job's entry on the store thread, unless the gateway is
     * closed (removals queued before {@link #close()} still run).
     */
    private void removeLater(JobId job) {
        if (closed) {
            active.remove(job);
            LOG.info("Job {} ended after the job store closed (the ApplicationMaster shuts down): its store entry stays for a later attempt", job);
            return;
        }
        try {
            storeThread.execute(() -> {
                active.remove(job);
                try {
                    store.remove(job);
                } catch (IOException e) {
                    LOG.warn("Job {} ended but its store entry cannot be removed; a later AM attempt would submit it again", job, e);
                }
            });
        } catch (RejectedExecutionException e) {
            active.remove(job);
            LOG.info("Job {} ended after the job store closed: its store entry stays for a later attempt", job);
        }
    }

    /** The submitting client, plus the removal of the job's entry when the job ends. */
    private final class RemovingClient implements ClientGateway {
        private final ClientGateway client;
        private final JobId job;

        RemovingClient(ClientGateway client, JobId job) {
            this.client = client;
            this.job = job;
        }

        @Override
        public CompletableFuture<Void> jobFinished(JobResultInfo result) {
            removeLater(job);
            return client.jobFinished(result);
        }

        @Override
        public void jobStatusChanged(JobStatusUpdate update) {
            client.jobStatusChanged(update);
        }

        @Override
        public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
            return client.collectBatch(job, collectId, batch);
        }

        @Override
        public void collectFinished(JobId job, String collectId) {
            client.collectFinished(job, collectId);
        }
    }
}
