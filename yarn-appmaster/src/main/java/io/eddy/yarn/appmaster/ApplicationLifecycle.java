package io.eddy.yarn.appmaster;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.ClusterShutdownHandler;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatusUpdate;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.YarnDeployment;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When and how the ApplicationMaster ends (docs/yarn.md, "AM lifecycle and final status"): the
 * first {@link Outcome} wins and is what the AM unregisters with.
 *
 * <ul>
 *   <li>per-job: the first job submitted; once its result reached its client (or the client is
 *       gone), FINISHED → SUCCEEDED, FAILED → FAILED, CANCELED → KILLED with the job's summary.
 *       Further submissions are refused. After an AM restart the recovered job is the application's
 *       job ({@link #recoveryGateway}); a client that attaches to the job takes the place of its
 *       previous one. No job within {@code yarn.per-job.idle-timeout} → FAILED;
 *   <li>session: {@code ShutdownCluster} → SUCCEEDED ("stopped: who and why");
 *   <li>either: a failure of the AM itself ({@link #fail}) → FAILED with the reason.
 * </ul>
 *
 * <p>Thread-safe: called from the RPC dispatcher, the master's main thread, the {@code yarn-events}
 * thread and timers; the outcome is a future completed once.
 */
final class ApplicationLifecycle implements ClusterShutdownHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ApplicationLifecycle.class);

    /**
     * How the application ends.
     *
     * @param status the final status to unregister with
     * @param diagnostics what the ResourceManager shows (e.g. the job's summary)
     * @param cancelJobs whether running jobs are cancelled before unregistering (a stopped session)
     */
    record Outcome(FinalApplicationStatus status, String diagnostics, boolean cancelJobs) {}

    /** Said in the diagnostics of a per-job application whose job was recovered. */
    static final String RECOVERED = "recovered after an ApplicationMaster restart";

    private final YarnDeployment.Mode mode;
    private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    /** The per-job application's job, once submitted. */
    private final AtomicReference<JobId> perJobJob = new AtomicReference<>();
    /** Whether the per-job application's job is one of the previous attempt, submitted again. */
    private volatile boolean perJobRecovered;

    ApplicationLifecycle(YarnDeployment.Mode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
    }

    /** Completes with the first outcome. */
    CompletableFuture<Outcome> outcome() {
        return outcome;
    }

    /** The AM fails (too many failed containers, the ResourceManager gone, ...). */
    void fail(String reason) {
        end(new Outcome(FinalApplicationStatus.FAILED, reason, true));
    }

    private void end(Outcome o) {
        if (outcome.complete(o)) {
            LOG.info("The application ends {}: {}", o.status(), o.diagnostics());
        }
    }

    /** A per-job application that got no job within {@code timeout} fails; sessions wait for {@code ShutdownCluster}. */
    void startIdleTimer(Duration timeout) {
        if (mode != YarnDeployment.Mode.PER_JOB) {
            return;
        }
        CompletableFuture.delayedExecutor(timeout.toMillis(), TimeUnit.MILLISECONDS).execute(() -> {
            if (perJobJob.get() == null) {
                fail("No job was submitted to this per-job application within " + timeout.toSeconds() + " s (eddy."
                        + YarnOptions.PER_JOB_IDLE_TIMEOUT.key() + "): the client that deployed it is gone; run the job again");
            }
        });
    }

    /**
     * The gateway {@link JobRecovery} submits the previous attempt's jobs through: {@code delegate}'s;
     * per-job, the recovered job becomes the application's job, which ends the application once its
     * result reached its client (a client that attached to it, or nobody), with "recovered after an
     * ApplicationMaster restart" in the diagnostics. A job that cannot be submitted again does not
     * end the application: without a job it fails after {@code yarn.per-job.idle-timeout}.
     */
    JobSubmissionGateway recoveryGateway(JobSubmissionGateway delegate) {
        return mode == YarnDeployment.Mode.SESSION ? delegate : new PerJobGateway(delegate, true);
    }

    @Override
    public CompletableFuture<Void> shutdownCluster(String reason) {
        FinalApplicationStatus status = mode == YarnDeployment.Mode.SESSION ? FinalApplicationStatus.SUCCEEDED : FinalApplicationStatus.KILLED;
        end(new Outcome(status, reason == null || reason.isBlank() ? "stopped by a client" : reason, true));
        return CompletableFuture.completedFuture(null);
    }

    /** The gateway clients use: {@code delegate}'s, with the per-job rules (see the class comment). */
    JobSubmissionGateway gateway(JobSubmissionGateway delegate) {
        return mode == YarnDeployment.Mode.SESSION ? delegate : new PerJobGateway(delegate, false);
    }

    static Outcome outcomeOf(JobId job, JobStatus status, String summary) {
        FinalApplicationStatus finalStatus = switch (status) {
            case FINISHED -> FinalApplicationStatus.SUCCEEDED;
            case CANCELED -> FinalApplicationStatus.KILLED;
            default -> FinalApplicationStatus.FAILED;
        };
        String text = "Job " + job + " " + status + (summary == null || summary.isBlank() ? "" : ": " + summary);
        return new Outcome(finalStatus, text, false);
    }

    /** The job's failure summary and root cause, or its run time when it finished. */
    static String summaryOf(JobResultInfo result) {
        if (result.status() == JobStatus.FINISHED) {
            return "in " + result.netRuntimeMillis() + " ms";
        }
        StringBuilder b = new StringBuilder(result.failureSummary());
        if (result.failureOrNull() != null) {
            io.eddy.runtime.cluster.FailureInfo root = result.failureOrNull().rootCause();
            b.append(b.length() == 0 ? "" : " ").append("(root cause: ").append(root.exceptionClass()).append(": ").append(root.message()).append(')');
        }
        return b.toString();
    }

    /**
     * Runs the first job only, and ends the application with it; a client attaching to that job
     * takes over from its previous client (also for a recovered job).
     */
    private final class PerJobGateway implements JobSubmissionGateway {
        private final JobSubmissionGateway delegate;
        /** Whether this gateway submits the jobs of {@link JobRecovery}. */
        private final boolean recovery;

        PerJobGateway(JobSubmissionGateway delegate, boolean recovery) {
            this.delegate = delegate;
            this.recovery = recovery;
        }

        @Override
        public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
            if (!perJobJob.compareAndSet(null, artifacts.job())) {
                return CompletableFuture.failedFuture(new IllegalStateException("This per-job application runs job " + perJobJob.get()
                        + " only: submit further jobs to a session ('eddy yarn-session start') or run each with 'eddy run --target yarn'"));
            }
            perJobRecovered = recovery;
            CompletableFuture<JobId> accepted;
            try {
                accepted = delegate.submitJob(artifacts, new EndingClient(client, recovery));
            } catch (RuntimeException e) {
                accepted = CompletableFuture.failedFuture(e);
            }
            return accepted.whenComplete((id, failure) -> {
                if (failure == null) {
                    return;
                }
                if (recovery) {
                    // JobRecovery logs why; without a job the idle timer fails the application.
                    perJobJob.compareAndSet(artifacts.job(), null);
                } else {
                    fail("The job " + artifacts.job() + " was refused: " + failure.getMessage());
                }
            });
        }

        @Override
        public CompletableFuture<Optional<JobSummary>> attachJob(JobId job, ClientGateway client) {
            return delegate.attachJob(job, job.equals(perJobJob.get()) ? new EndingClient(client, perJobRecovered) : client);
        }

        @Override
        public CompletableFuture<Void> cancelJob(JobId job) {
            return delegate.cancelJob(job);
        }

        @Override
        public CompletableFuture<List<JobSummary>> listJobs() {
            return delegate.listJobs();
        }

        @Override
        public CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> jobDetails(io.eddy.jobgraph.JobId job) {
            return delegate.jobDetails(job);
        }

        @Override
        public CompletableFuture<String> triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter) {
            return delegate.triggerSavepoint(job, targetDirectoryOrNull, cancelAfter);
        }
    }

    /** The per-job client: once the result reached it (or could not), the application ends. */
    private final class EndingClient implements ClientGateway {
        private final ClientGateway client;
        /** Whether the job was recovered after an AM restart (said in the diagnostics). */
        private final boolean recovered;

        EndingClient(ClientGateway client, boolean recovered) {
            this.client = client;
            this.recovered = recovered;
        }

        @Override
        public CompletableFuture<Void> jobFinished(JobResultInfo result) {
            CompletableFuture<Void> delivered;
            try {
                delivered = client.jobFinished(result);
            } catch (RuntimeException e) {
                delivered = CompletableFuture.failedFuture(e);
            }
            return delivered.whenComplete((v, failure) -> {
                if (failure != null) {
                    LOG.info("The result of job {} did not reach its client ({}); ending anyway", result.job(), failure.getMessage());
                }
                end(outcomeOf(result.job(), result.status(), summaryOf(result) + (recovered ? " (" + RECOVERED + ")" : "")));
            });
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
