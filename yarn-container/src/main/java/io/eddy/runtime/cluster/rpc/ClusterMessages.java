package io.eddy.runtime.cluster.rpc;

import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.LogTail;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.cluster.WorkerSample;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.rpc.Message;
import io.eddy.runtime.tasks.TaskId;
import java.util.List;
import java.util.Objects;

/**
 * The messages of the cluster protocol, one per gateway call. Requests are answered by {@link Ack}
 * unless a dedicated response is named. The codecs are in {@link ClusterProtocol}.
 *
 * <pre>
 * worker -> master   RegisterWorker (request), TaskStateChanged, CollectBatch (request), CollectFinished,
 *                    RequestInputSplit (request -> InputSplitReply), AcknowledgeCheckpoint, DeclineCheckpoint,
 *                    SuperstepDone, TaskIoReport, WorkerReport
 * master -> worker   PrepareJob (request), DeployTask (request), CancelTask, ReleaseJob,
 *                    TriggerCheckpoint, NotifyCheckpointComplete, NotifyCheckpointAborted, SuperstepDecided,
 *                    LogTailRequest (request -> LogTailAnswer)
 * client -> master   SubmitJob (request -> JobAccepted), CancelJob (request), ListJobs (request -> JobList),
 *                    ClusterStatus (request -> ClusterStatusReply), TriggerSavepoint (request -> SavepointTaken),
 *                    ShutdownCluster (request), AttachJob (request -> JobAttached),
 *                    JobDetailsRequest (request -> JobDetailsAnswer)
 * master -> client   JobFinished (request), ClientCollectBatch (request), ClientCollectFinished, JobStatusChanged
 * </pre>
 */
public final class ClusterMessages {

    private ClusterMessages() {}

    /** The empty answer to a request that succeeded. */
    public record Ack() implements Message {
        static final Ack INSTANCE = new Ack();
    }

    /** {@code MasterGateway.registerWorker}. */
    public record RegisterWorker(WorkerRegistration registration) implements Message {
        public RegisterWorker {
            Objects.requireNonNull(registration, "registration");
        }
    }

    /** {@code MasterGateway.taskStateChanged}. */
    public record TaskStateChanged(TaskStateUpdate update) implements Message {
        public TaskStateChanged {
            Objects.requireNonNull(update, "update");
        }
    }

    /** {@code MasterGateway.collectBatch}: answered when the client has queued the batch. */
    public record CollectBatch(JobId job, String collectId, int subtask, byte[] batch) implements Message {
        public CollectBatch {
            Objects.requireNonNull(job, "job");
            Objects.requireNonNull(collectId, "collectId");
            Objects.requireNonNull(batch, "batch");
        }
    }

    /** {@code MasterGateway.collectFinished}. */
    public record CollectFinished(JobId job, String collectId, int subtask) implements Message {
        public CollectFinished {
            Objects.requireNonNull(job, "job");
            Objects.requireNonNull(collectId, "collectId");
        }
    }

    /** {@code MasterGateway.requestInputSplit}: answered by {@link InputSplitReply}. */
    public record RequestInputSplit(TaskId task, String host) implements Message {
        public RequestInputSplit {
            Objects.requireNonNull(task, "task");
        }
    }

    /**
     * The answer to {@link RequestInputSplit}: the Java-serialized split (user data of the job's
     * class loader, read only by the requesting task), or null when every split has been handed out.
     */
    public record InputSplitReply(byte[] split) implements Message {}

    /** {@code WorkerGateway.prepareJob}. */
    public record PrepareJob(JobArtifacts artifacts) implements Message {
        public PrepareJob {
            Objects.requireNonNull(artifacts, "artifacts");
        }
    }

    /** {@code WorkerGateway.deployTask}. */
    public record DeployTask(TaskDeploymentSpec spec) implements Message {
        public DeployTask {
            Objects.requireNonNull(spec, "spec");
        }
    }

    /** {@code WorkerGateway.cancelTask}. */
    public record CancelTask(TaskId task) implements Message {
        public CancelTask {
            Objects.requireNonNull(task, "task");
        }
    }

    /** {@code WorkerGateway.releaseJob}. */
    public record ReleaseJob(JobId job) implements Message {
        public ReleaseJob {
            Objects.requireNonNull(job, "job");
        }
    }

    /** {@code MasterGateway.acknowledgeCheckpoint}. */
    public record AcknowledgeCheckpoint(TaskId task, long checkpointId, CheckpointMetrics metrics, TaskStateSnapshot state) implements Message {
        public AcknowledgeCheckpoint {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(metrics, "metrics");
            Objects.requireNonNull(state, "state");
        }
    }

    /** {@code MasterGateway.declineCheckpoint}. */
    public record DeclineCheckpoint(TaskId task, long checkpointId, FailureInfo reason) implements Message {
        public DeclineCheckpoint {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** {@code WorkerGateway.triggerCheckpoint}. */
    public record TriggerCheckpoint(TaskId task, long checkpointId, long timestamp, CheckpointOptions options) implements Message {
        public TriggerCheckpoint {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(options, "options");
        }
    }

    /** {@code WorkerGateway.notifyCheckpointComplete}. */
    public record NotifyCheckpointComplete(TaskId task, long checkpointId) implements Message {
        public NotifyCheckpointComplete {
            Objects.requireNonNull(task, "task");
        }
    }

    /** {@code WorkerGateway.notifyCheckpointAborted}. */
    public record NotifyCheckpointAborted(TaskId task, long checkpointId) implements Message {
        public NotifyCheckpointAborted {
            Objects.requireNonNull(task, "task");
        }
    }

    /** {@code MasterGateway.reportTaskIo}. */
    public record TaskIoReport(WorkerId worker, List<TaskIoSample> samples) implements Message {
        public TaskIoReport {
            Objects.requireNonNull(worker, "worker");
            samples = List.copyOf(samples);
        }
    }

    /** {@code MasterGateway.reportWorker}. */
    public record WorkerReport(WorkerSample sample) implements Message {
        public WorkerReport {
            Objects.requireNonNull(sample, "sample");
        }
    }

    /** {@code MasterGateway.superstepDone}. */
    public record SuperstepDone(TaskId task, int superstep, byte[] aggregatesBytes) implements Message {
        public SuperstepDone {
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(aggregatesBytes, "aggregatesBytes");
        }
    }

    /** {@code WorkerGateway.superstepDecision}. */
    public record SuperstepDecided(TaskId headTask, SuperstepDecision decision) implements Message {
        public SuperstepDecided {
            Objects.requireNonNull(headTask, "headTask");
            Objects.requireNonNull(decision, "decision");
        }
    }

    /** {@code JobSubmissionGateway.submitJob}: answered by {@link JobAccepted}. */
    public record SubmitJob(JobArtifacts artifacts) implements Message {
        public SubmitJob {
            Objects.requireNonNull(artifacts, "artifacts");
        }
    }

    /** The master accepted a submitted job. */
    public record JobAccepted(JobId job) implements Message {
        public JobAccepted {
            Objects.requireNonNull(job, "job");
        }
    }

    /** {@code JobSubmissionGateway.cancelJob}. */
    public record CancelJob(JobId job) implements Message {
        public CancelJob {
            Objects.requireNonNull(job, "job");
        }
    }

    /**
     * {@code JobSubmissionGateway.attachJob}: the connection becomes the job's client; answered by
     * {@link JobAttached} (version 8).
     */
    public record AttachJob(JobId job) implements Message {
        public AttachJob {
            Objects.requireNonNull(job, "job");
        }
    }

    /**
     * The answer to {@link AttachJob}: the job as the master saw it when the client attached, or
     * null when the master does not know the job (then nothing was attached).
     */
    public record JobAttached(JobId job, JobSummary summaryOrNull) implements Message {
        public JobAttached {
            Objects.requireNonNull(job, "job");
        }
    }

    /** {@code WorkerGateway.logTail}: answered by {@link LogTailAnswer}. */
    public record LogTailRequest(int maxBytes) implements Message {
        public LogTailRequest {
            if (maxBytes < 0) {
                throw new IllegalArgumentException("maxBytes: " + maxBytes);
            }
        }
    }

    /** The answer to {@link LogTailRequest}. */
    public record LogTailAnswer(LogTail tail) implements Message {
        public LogTailAnswer {
            Objects.requireNonNull(tail, "tail");
        }
    }

    /** {@code JobSubmissionGateway.jobDetails}: answered by {@link JobDetailsAnswer}. */
    public record JobDetailsRequest(JobId job) implements Message {
        public JobDetailsRequest {
            Objects.requireNonNull(job, "job");
        }
    }

    /** The answer to {@link JobDetailsRequest}: the job now, or null when the master does not know it. */
    public record JobDetailsAnswer(JobDetails detailsOrNull) implements Message {}

    /** {@code JobSubmissionGateway.listJobs}: answered by {@link JobList}. */
    public record ListJobs() implements Message {}

    /** The jobs the master knows. */
    public record JobList(List<JobSummary> jobs) implements Message {
        public JobList {
            jobs = List.copyOf(jobs);
        }
    }

    /**
     * Asks which workers are registered, answered by {@link ClusterStatusReply} once at least
     * {@code awaitWorkers} are (or after {@code timeoutMillis} with those there are), so a launcher
     * waits for its workers without polling.
     */
    public record ClusterStatus(int awaitWorkers, long timeoutMillis) implements Message {}

    /** The registered workers. */
    public record ClusterStatusReply(List<WorkerRegistration> workers) implements Message {
        public ClusterStatusReply {
            workers = List.copyOf(workers);
        }
    }

    /**
     * {@code JobSubmissionGateway.triggerSavepoint}: answered by {@link SavepointTaken} once the
     * savepoint is complete (and, with {@code cancelAfter}, the job's cancellation has begun).
     *
     * @param targetDirectory where to create the savepoint, or null for the job's {@code state.savepoints.dir}
     */
    public record TriggerSavepoint(JobId job, String targetDirectory, boolean cancelAfter) implements Message {
        public TriggerSavepoint {
            Objects.requireNonNull(job, "job");
        }
    }

    /** A savepoint is complete; {@code path} is its directory. */
    public record SavepointTaken(String path) implements Message {
        public SavepointTaken {
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * Asks the master to stop the whole cluster ({@code ClusterShutdownHandler}): answered by
     * {@link Ack} once the shutdown has begun, refused by a master that clients may not stop.
     *
     * @param reason who asked and why, for the master's log and final diagnostics
     */
    public record ShutdownCluster(String reason) implements Message {
        public ShutdownCluster {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** {@code ClientGateway.jobFinished}. */
    public record JobFinished(JobResultInfo result) implements Message {
        public JobFinished {
            Objects.requireNonNull(result, "result");
        }
    }

    /** {@code ClientGateway.collectBatch}: answered when the client has queued the batch. */
    public record ClientCollectBatch(JobId job, String collectId, byte[] batch) implements Message {
        public ClientCollectBatch {
            Objects.requireNonNull(job, "job");
            Objects.requireNonNull(collectId, "collectId");
            Objects.requireNonNull(batch, "batch");
        }
    }

    /** {@code ClientGateway.collectFinished}. */
    public record ClientCollectFinished(JobId job, String collectId) implements Message {
        public ClientCollectFinished {
            Objects.requireNonNull(job, "job");
            Objects.requireNonNull(collectId, "collectId");
        }
    }

    /** {@code ClientGateway.jobStatusChanged}: one-way, a handful per job attempt (version 6). */
    public record JobStatusChanged(JobStatusUpdate update) implements Message {
        public JobStatusChanged {
            Objects.requireNonNull(update, "update");
        }
    }
}
