package io.eddy.yarn.appmaster;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.ResolvedCheckpoint;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After an ApplicationMaster restart (attempt &gt; 1): submits every job of the {@link JobStore}
 * again, restored from its latest completed checkpoint (docs/yarn.md, "AM lifecycle").
 *
 * <p>For each stored job, {@link CheckpointStorage#findLatestCompleted} of the storage its
 * settings name ({@code state.checkpoints.dir}, which {@link PersistingJobSubmissionGateway} set to
 * {@code <appDir>/checkpoints} when the job named none): if it finds a checkpoint, the job is
 * submitted with {@code execution.savepoint.path} set to it and {@code
 * execution.savepoint.ignore-unclaimed-state} false (the graph is the same, so all state must be
 * claimed); otherwise the job starts as it was first submitted (from scratch, or from the savepoint
 * it was started from). The job keeps its id, so its checkpoints go on in the same directory with
 * ids after the restored one. No client is attached at first: until one attaches ({@code
 * JobSubmissionGateway.attachJob}, a client of the previous attempt following its job), results and
 * collect batches are dropped, and the job's end is logged.
 *
 * <p>Submit through the {@link PersistingJobSubmissionGateway} (not the bare master), so the
 * recovered jobs stay in the store for a further attempt and leave it when they end; the AM puts
 * its {@code ApplicationLifecycle}'s recovery gateway in front, so a per-job application ends with
 * its recovered job.
 *
 * <p><b>Threads.</b> {@link #recover} blocks (file system reads, the master's answers): the AM
 * calls it on its main thread after the master started, before it accepts clients.
 */
public final class JobRecovery {

    private static final Logger LOG = LoggerFactory.getLogger(JobRecovery.class);

    private JobRecovery() {}

    /**
     * A job submitted again.
     *
     * @param job its id (the same as in the previous attempt)
     * @param name its name
     * @param checkpointId the id of the checkpoint it restores, or -1 when it starts without one
     * @param restoredFrom the checkpoint's pointer (directory URI), or null when {@code checkpointId} is -1
     */
    public record RecoveredJob(JobId job, String name, long checkpointId, String restoredFrom) {

        /** Whether the job restores a checkpoint of the previous attempt. */
        public boolean fromCheckpoint() {
            return checkpointId >= 0;
        }
    }

    /**
     * A stored job that could not be submitted again. When the master rejected it, the persisting
     * gateway has removed its entry; an entry whose graph cannot be read, or whose checkpoint
     * directory cannot be listed, stays (for a look, or a later attempt) until the application
     * directory is deleted.
     *
     * @param job its id
     * @param reason why, e.g. the master's rejection or the unreadable checkpoint directory
     */
    public record FailedRecovery(JobId job, String reason) {}

    /** What {@link #recover} did, for the AM's log. */
    public record Result(List<RecoveredJob> recovered, List<FailedRecovery> failed) {

        public Result {
            recovered = List.copyOf(recovered);
            failed = List.copyOf(failed);
        }
    }

    /**
     * Submits every job of {@code store} to {@code master} again (see the class comment), one after
     * the other, waiting up to {@code timeout} for each acceptance. A job that cannot be submitted
     * (unreadable graph or checkpoint directory, rejected by the master, no answer in time) is
     * logged and reported in {@link Result#failed()}; the others go on.
     *
     * @param store the previous attempt's store
     * @param master where to submit: the AM's {@link PersistingJobSubmissionGateway} over the master
     * @param timeout how long to wait for the master to accept one job
     * @throws IOException if the store's directory cannot be listed
     * @throws InterruptedException if interrupted while waiting for the master
     */
    public static Result recover(JobStore store, JobSubmissionGateway master, Duration timeout) throws IOException, InterruptedException {
        Objects.requireNonNull(master, "master");
        List<RecoveredJob> recovered = new ArrayList<>();
        List<FailedRecovery> failed = new ArrayList<>();
        List<JobArtifacts> stored = store.recoverAll();
        LOG.info("Recovering {} job(s) of the previous ApplicationMaster attempt from {}", stored.size(), store.jobsDirectory());
        for (JobArtifacts artifacts : stored) {
            try {
                RecoveredJob job = resubmit(artifacts, master, timeout);
                recovered.add(job);
                LOG.info("Job {} ('{}') recovered: {}", job.job(), job.name(),
                        job.fromCheckpoint() ? "restoring checkpoint " + job.checkpointId() + " (" + job.restoredFrom() + ")" : "from its start");
            } catch (IOException | RuntimeException | ExecutionException | TimeoutException e) {
                Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
                String reason = cause instanceof TimeoutException ? "the master did not accept it within " + timeout : String.valueOf(cause.getMessage());
                LOG.error("Job {} of the previous ApplicationMaster attempt cannot be recovered: {}", artifacts.job(), reason, cause);
                failed.add(new FailedRecovery(artifacts.job(), reason));
            }
        }
        return new Result(recovered, failed);
    }

    private static RecoveredJob resubmit(JobArtifacts artifacts, JobSubmissionGateway master, Duration timeout)
            throws IOException, ExecutionException, TimeoutException, InterruptedException {
        JobGraph graph = JobGraphBytes.decode(artifacts.jobGraph());
        if (!graph.jobId().equals(artifacts.job())) {
            throw new IOException("the stored graph has job id " + graph.jobId() + ", its entry " + artifacts.job());
        }
        Optional<ResolvedCheckpoint> latest = latestCheckpoint(graph);
        JobArtifacts submitted = artifacts;
        if (latest.isPresent()) {
            JobGraph restoring = PersistingJobSubmissionGateway.withSetting(
                    PersistingJobSubmissionGateway.withSetting(graph, CheckpointingOptions.RESTORE_PATH.key(), latest.get().pointer()),
                    CheckpointingOptions.ALLOW_NON_RESTORED_STATE.key(), "false");
            submitted = new JobArtifacts(artifacts.job(), JobGraphBytes.encode(restoring), artifacts.jars());
        }
        CompletableFuture<JobId> accepted = master.submitJob(submitted, new DetachedClient(graph.name()));
        JobId id = accepted.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (!id.equals(graph.jobId())) {
            throw new IllegalStateException("Bug: the master accepted job " + graph.jobId() + " as " + id
                    + "; its checkpoints are under the old id");
        }
        return latest.map(c -> new RecoveredJob(id, graph.name(), c.checkpointId(), c.pointer()))
                .orElseGet(() -> new RecoveredJob(id, graph.name(), -1, null));
    }

    /**
     * The newest completed checkpoint of the job in the storage its settings name; empty when it has
     * none, or when its storage keeps nothing across AM attempts (memory storage, no directory).
     */
    static Optional<ResolvedCheckpoint> latestCheckpoint(JobGraph graph) throws IOException {
        Configuration settings = new Configuration(graph.settings());
        String kind = settings.get(CheckpointingOptions.STORAGE).trim().toLowerCase(Locale.ROOT);
        if (!kind.equals("filesystem") || settings.get(CheckpointingOptions.CHECKPOINTS_DIR) == null) {
            return Optional.empty();
        }
        return CheckpointStorage.create(graph.jobId(), settings).findLatestCompleted(graph.jobId());
    }

    /**
     * The client of a recovered job until one attaches: nobody listens, so results and collect
     * batches are dropped (acknowledged at once, so collect sinks never wait). Called on the
     * master's main thread.
     */
    private static final class DetachedClient implements ClientGateway {
        private final String name;

        DetachedClient(String name) {
            this.name = name;
        }

        @Override
        public CompletableFuture<Void> jobFinished(JobResultInfo result) {
            LOG.info("Recovered job {} ('{}') ended: {} after {} ms{}; no client attached to it", result.job(), name, result.status(),
                    result.netRuntimeMillis(),
                    result.failureSummary().isEmpty() ? "" : ": " + result.failureSummary());
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void collectFinished(JobId job, String collectId) {
            LOG.debug("Recovered job {}: collect sink '{}' finished; its records were dropped (no client is attached)", job, collectId);
        }
    }
}
