package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.NamedBlob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link JobRecovery} over a recording master and a {@link JobStore} on the local file system:
 * jobs without a completed checkpoint start as first submitted, and jobs that cannot be submitted
 * are reported without stopping the others (restores from a checkpoint: {@code JobRecoveryITCase}).
 */
class JobRecoveryTest {

    @TempDir
    Path appDir;

    private JobStore store;
    private RecordingSubmissionGateway master;
    private PersistingJobSubmissionGateway gateway;

    @BeforeEach
    void start() throws IOException {
        store = JobStore.open(new org.apache.hadoop.fs.Path(appDir.toUri()), new org.apache.hadoop.conf.Configuration());
        master = new RecordingSubmissionGateway(store);
        gateway = new PersistingJobSubmissionGateway(master, store);
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    @Test
    void jobsWithoutACompletedCheckpointStartAsFirstSubmittedWithTheirIdsAndJars() throws Exception {
        JobGraph checkpointed = PersistingJobSubmissionGatewayTest.graph(100, appDir.resolve("empty-checkpoints").toUri().toString());
        JobGraph plain = PersistingJobSubmissionGatewayTest.graph(0, null);
        JobGraph fromSavepoint = PersistingJobSubmissionGateway.withSetting(PersistingJobSubmissionGatewayTest.graph(0, null),
                CheckpointingOptions.RESTORE_PATH.key(), "file:///savepoints/savepoint-1");
        List<NamedBlob> jars = List.of(new NamedBlob("job.jar", new byte[] {7}));
        for (JobGraph graph : List.of(checkpointed, plain, fromSavepoint)) {
            store.put(new JobArtifacts(graph.jobId(), JobGraphBytes.encode(graph), jars));
        }

        JobRecovery.Result result = JobRecovery.recover(store, gateway, Duration.ofSeconds(30));

        assertThat(result.failed()).isEmpty();
        assertThat(result.recovered()).extracting(JobRecovery.RecoveredJob::job)
                .containsExactlyInAnyOrder(checkpointed.jobId(), plain.jobId(), fromSavepoint.jobId());
        assertThat(result.recovered()).allMatch(j -> !j.fromCheckpoint() && j.checkpointId() == -1 && j.restoredFrom() == null);
        for (JobGraph graph : List.of(checkpointed, plain, fromSavepoint)) {
            JobArtifacts submitted = master.submitted.get(graph.jobId());
            assertThat(JobGraphBytes.decode(submitted.jobGraph()).settings()).as("unchanged settings").isEqualTo(graph.settings());
            assertThat(submitted.jars()).extracting(NamedBlob::name).containsExactly("job.jar");
        }
        assertThat(store.list()).as("recovered jobs stay stored while they run").hasSize(3);
    }

    @Test
    void aJobThatCannotBeSubmittedIsReportedAndItsEntryRemovedWhileTheOthersGoOn() throws Exception {
        JobGraph rejected = PersistingJobSubmissionGatewayTest.graph(0, null);
        JobGraph fine = PersistingJobSubmissionGatewayTest.graph(0, null);
        JobId garbage = JobId.generate();
        store.put(JobGraphBytes.artifactsWithoutJars(rejected));
        store.put(JobGraphBytes.artifactsWithoutJars(fine));
        store.put(new JobArtifacts(garbage, new byte[] {1, 2, 3}, List.of()));
        master.rejectJobs.put(rejected.jobId(), new IllegalArgumentException("not enough slots in this test"));

        JobRecovery.Result result = JobRecovery.recover(store, gateway, Duration.ofSeconds(30));

        assertThat(result.recovered()).extracting(JobRecovery.RecoveredJob::job).containsExactly(fine.jobId());
        assertThat(result.failed()).extracting(JobRecovery.FailedRecovery::job).containsExactlyInAnyOrder(rejected.jobId(), garbage);
        assertThat(result.failed()).filteredOn(f -> f.job().equals(rejected.jobId())).singleElement()
                .extracting(JobRecovery.FailedRecovery::reason).asString().contains("not enough slots in this test");
        gateway.close(); // waits for the queued removal
        assertThat(store.list()).as("the rejected job's entry is gone; the unreadable one stays for a look")
                .containsExactlyInAnyOrder(fine.jobId(), garbage);
    }

    @Test
    void aCheckpointDirectoryWithOnlyAnUnfinishedCheckpointMeansAStartFromScratch() throws Exception {
        Path checkpoints = appDir.resolve("checkpoints");
        JobGraph graph = PersistingJobSubmissionGatewayTest.graph(100, checkpoints.toUri().toString());
        // a checkpoint the dead master had begun: a directory without _metadata
        Files.createDirectories(checkpoints.resolve(graph.jobId().toString()).resolve("chk-3"));
        store.put(JobGraphBytes.artifactsWithoutJars(graph));

        JobRecovery.Result result = JobRecovery.recover(store, gateway, Duration.ofSeconds(30));

        assertThat(result.recovered()).singleElement().matches(j -> !j.fromCheckpoint(), "starts without a checkpoint");
        assertThat(JobGraphBytes.decode(master.submitted.get(graph.jobId()).jobGraph()).settings())
                .doesNotContainKey(CheckpointingOptions.RESTORE_PATH.key());
    }
}
