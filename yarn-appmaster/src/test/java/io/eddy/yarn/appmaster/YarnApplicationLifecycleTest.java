package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSubmissionGateway;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.yarn.client.YarnDeployment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.Test;

/** When the ApplicationMaster ends and with which final status. */
class YarnApplicationLifecycleTest {

    /** A master that accepts every job and attach, and remembers the client gateways it was given (in {@link #clients}, both). */
    private static class AcceptingMaster implements JobSubmissionGateway {
        final List<ClientGateway> clients = new ArrayList<>();

        @Override
        public CompletableFuture<Optional<JobSummary>> attachJob(JobId job, ClientGateway client) {
            clients.add(client);
            return CompletableFuture.completedFuture(Optional.of(new JobSummary(job, "job", JobStatus.RUNNING, 1L, 1)));
        }

        @Override
        public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
            clients.add(client);
            return CompletableFuture.completedFuture(artifacts.job());
        }

        @Override
        public CompletableFuture<Void> cancelJob(JobId job) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<List<JobSummary>> listJobs() {
            return CompletableFuture.completedFuture(List.of());
        }

        @Override
        public CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> jobDetails(io.eddy.jobgraph.JobId job) {
            return CompletableFuture.completedFuture(java.util.Optional.empty());
        }

        @Override
        public CompletableFuture<String> triggerSavepoint(JobId job, String targetDirectoryOrNull, boolean cancelAfter) {
            return CompletableFuture.completedFuture("");
        }
    }

    /** A client that acknowledges results with the given future. */
    private record Client(CompletableFuture<Void> ack) implements ClientGateway {
        @Override
        public CompletableFuture<Void> jobFinished(JobResultInfo result) {
            return ack;
        }

        @Override
        public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void collectFinished(JobId job, String collectId) {}
    }

    private static JobArtifacts job(JobId id) {
        return new JobArtifacts(id, new byte[] {1}, List.of());
    }

    @Test
    void perJobEndsWithItsJobOnceTheResultReachedTheClient() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        AcceptingMaster master = new AcceptingMaster();
        JobSubmissionGateway gateway = lifecycle.gateway(master);
        JobId id = JobId.generate();
        CompletableFuture<Void> ack = new CompletableFuture<>();
        assertThat(gateway.submitJob(job(id), new Client(ack)).get()).isEqualTo(id);

        master.clients.get(0).jobFinished(new JobResultInfo(id, JobStatus.FINISHED, 42, new byte[0], null, ""));
        assertThat(lifecycle.outcome()).as("not before the client has the result").isNotDone();
        ack.complete(null);
        ApplicationLifecycle.Outcome outcome = lifecycle.outcome().get(5, TimeUnit.SECONDS);
        assertThat(outcome.status()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(outcome.diagnostics()).contains(id.toString()).contains("FINISHED");
        assertThat(outcome.cancelJobs()).isFalse();
    }

    @Test
    void perJobRefusesASecondJob() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        JobSubmissionGateway gateway = lifecycle.gateway(new AcceptingMaster());
        JobId first = JobId.generate();
        gateway.submitJob(job(first), new Client(new CompletableFuture<>())).get();
        assertThatThrownBy(() -> gateway.submitJob(job(JobId.generate()), new Client(new CompletableFuture<>())).get())
                .isInstanceOf(ExecutionException.class)
                .hasMessageContaining(first.toString()).hasMessageContaining("yarn-session");
        assertThat(lifecycle.outcome()).isNotDone();
    }

    @Test
    void aFailedJobFailsTheApplicationWithItsSummaryAndRootCauseAlsoWhenTheClientIsGone() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        AcceptingMaster master = new AcceptingMaster();
        JobId id = JobId.generate();
        lifecycle.gateway(master).submitJob(job(id), new Client(CompletableFuture.failedFuture(new IllegalStateException("connection closed"))))
                .get();
        FailureInfo failure = FailureInfo.of(new RuntimeException("wrapped", new IllegalStateException("user function rejected 500")));
        master.clients.get(0).jobFinished(new JobResultInfo(id, JobStatus.FAILED, 5, new byte[0], failure, "Operator 'Map (1/1)' failed"));
        ApplicationLifecycle.Outcome outcome = lifecycle.outcome().get(5, TimeUnit.SECONDS);
        assertThat(outcome.status()).isEqualTo(FinalApplicationStatus.FAILED);
        assertThat(outcome.diagnostics()).contains("Operator 'Map (1/1)' failed").contains("user function rejected 500");
    }

    @Test
    void aRecoveredPerJobJobEndsTheApplicationOnceItsResultReachedTheClientThatAttached() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        AcceptingMaster master = new AcceptingMaster();
        JobId id = JobId.generate();
        lifecycle.recoveryGateway(master).submitJob(job(id), new Client(CompletableFuture.completedFuture(null))).get();
        CompletableFuture<Void> ack = new CompletableFuture<>();
        assertThat(lifecycle.gateway(master).attachJob(id, new Client(ack)).get()).isPresent();
        assertThat(master.clients).hasSize(2);

        master.clients.get(1).jobFinished(new JobResultInfo(id, JobStatus.FINISHED, 42, new byte[0], null, ""));
        assertThat(lifecycle.outcome()).as("not before the attached client has the result").isNotDone();
        ack.complete(null);
        ApplicationLifecycle.Outcome outcome = lifecycle.outcome().get(5, TimeUnit.SECONDS);
        assertThat(outcome.status()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(outcome.diagnostics()).contains(id.toString()).contains("FINISHED").contains(ApplicationLifecycle.RECOVERED);
    }

    @Test
    void aRecoveredJobWithoutAClientEndsTheApplicationWhenItEnds() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        AcceptingMaster master = new AcceptingMaster();
        JobId id = JobId.generate();
        lifecycle.recoveryGateway(master).submitJob(job(id), new Client(CompletableFuture.completedFuture(null))).get();
        assertThatThrownBy(() -> lifecycle.gateway(master).submitJob(job(JobId.generate()), new Client(new CompletableFuture<>())).get())
                .as("the recovered job is the application's job").hasMessageContaining(id.toString());

        master.clients.get(0).jobFinished(new JobResultInfo(id, JobStatus.CANCELED, 42, new byte[0], null, "cancelled"));
        ApplicationLifecycle.Outcome outcome = lifecycle.outcome().get(5, TimeUnit.SECONDS);
        assertThat(outcome.status()).isEqualTo(FinalApplicationStatus.KILLED);
        assertThat(outcome.diagnostics()).contains(ApplicationLifecycle.RECOVERED);
    }

    @Test
    void aRecoveredJobTheMasterRefusesLeavesTheApplicationToTheIdleTimer() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        JobSubmissionGateway refusing = new AcceptingMaster() {
            @Override
            public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
                return CompletableFuture.failedFuture(new IllegalArgumentException("cannot read the job graph"));
            }
        };
        assertThatThrownBy(() -> lifecycle.recoveryGateway(refusing).submitJob(job(JobId.generate()), new Client(new CompletableFuture<>())).get())
                .hasMessageContaining("cannot read the job graph");
        assertThat(lifecycle.outcome()).as("a failed recovery is logged, not the application's end").isNotDone();
        lifecycle.startIdleTimer(Duration.ofMillis(50));
        assertThat(lifecycle.outcome().get(10, TimeUnit.SECONDS).diagnostics()).contains("yarn.per-job.idle-timeout");
    }

    @Test
    void aCancelledJobEndsKilled() {
        assertThat(ApplicationLifecycle.outcomeOf(JobId.generate(), JobStatus.CANCELED, "").status()).isEqualTo(FinalApplicationStatus.KILLED);
    }

    @Test
    void aRefusedJobFailsThePerJobApplication() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        JobSubmissionGateway refusing = new AcceptingMaster() {
            @Override
            public CompletableFuture<JobId> submitJob(JobArtifacts artifacts, ClientGateway client) {
                return CompletableFuture.failedFuture(new IllegalArgumentException("cannot read the job graph"));
            }
        };
        assertThatThrownBy(() -> lifecycle.gateway(refusing).submitJob(job(JobId.generate()), new Client(new CompletableFuture<>())).get())
                .hasMessageContaining("cannot read the job graph");
        assertThat(lifecycle.outcome().get(5, TimeUnit.SECONDS).status()).isEqualTo(FinalApplicationStatus.FAILED);
    }

    @Test
    void sessionRunsEveryJobAndStopsSucceededOnShutdown() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.SESSION);
        AcceptingMaster master = new AcceptingMaster();
        assertThat(lifecycle.gateway(master)).isSameAs(master);
        lifecycle.startIdleTimer(Duration.ofMillis(1));
        assertThat(lifecycle.shutdownCluster("stopped by alice with 'eddy yarn-session stop'")).isCompleted();
        ApplicationLifecycle.Outcome outcome = lifecycle.outcome().get(5, TimeUnit.SECONDS);
        assertThat(outcome.status()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(outcome.diagnostics()).isEqualTo("stopped by alice with 'eddy yarn-session stop'");
        assertThat(outcome.cancelJobs()).isTrue();
    }

    @Test
    void perJobWithoutAJobFailsAfterTheIdleTimeout() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.PER_JOB);
        lifecycle.startIdleTimer(Duration.ofMillis(50));
        ApplicationLifecycle.Outcome outcome = lifecycle.outcome().get(10, TimeUnit.SECONDS);
        assertThat(outcome.status()).isEqualTo(FinalApplicationStatus.FAILED);
        assertThat(outcome.diagnostics()).contains("yarn.per-job.idle-timeout");
    }

    @Test
    void theFirstOutcomeWins() throws Exception {
        ApplicationLifecycle lifecycle = new ApplicationLifecycle(YarnDeployment.Mode.SESSION);
        lifecycle.fail("3 worker containers failed");
        lifecycle.shutdownCluster("too late");
        assertThat(lifecycle.outcome().get().diagnostics()).isEqualTo("3 worker containers failed");
    }
}
