package io.eddy.yarn.appmaster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.ClientGateway;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.NamedBlob;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PersistingJobSubmissionGateway} over a recording gateway and a {@link JobStore} on the
 * local file system: the entry is written before the master sees the job, with the default
 * checkpoint directory when the job has none, and removed when the job ends or is rejected, but not
 * after {@link PersistingJobSubmissionGateway#close()}.
 */
class PersistingJobSubmissionGatewayTest {

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
    void aCheckpointedJobWithoutDirectoryGetsTheApplicationsAndIsStoredBeforeTheMasterSeesIt() throws Exception {
        JobGraph graph = graph(100, null);
        JobArtifacts artifacts = new JobArtifacts(graph.jobId(), JobGraphBytes.encode(graph), List.of(new NamedBlob("job.jar", new byte[] {1, 2})));

        assertThat(gateway.submitJob(artifacts, new NoClient()).get(30, TimeUnit.SECONDS)).isEqualTo(graph.jobId());

        String expected = store.checkpointsDirectory().toString();
        JobGraph submitted = JobGraphBytes.decode(master.submitted.get(graph.jobId()).jobGraph());
        assertThat(submitted.settings()).containsEntry(CheckpointingOptions.CHECKPOINTS_DIR.key(), expected);
        assertThat(submitted.jobId()).isEqualTo(graph.jobId());
        assertThat(master.storedWhenSubmitted.get(graph.jobId())).as("the entry existed when the master got the job").isTrue();
        JobGraph stored = JobGraphBytes.decode(store.get(graph.jobId()).orElseThrow().jobGraph());
        assertThat(stored.settings()).containsEntry(CheckpointingOptions.CHECKPOINTS_DIR.key(), expected);
        assertThat(store.get(graph.jobId()).orElseThrow().jars()).extracting(NamedBlob::name).containsExactly("job.jar");
    }

    @Test
    void aJobWithItsOwnDirectoryOrWithoutCheckpointingKeepsItsSettings() throws Exception {
        JobGraph own = graph(100, "hdfs://elsewhere/checkpoints");
        JobGraph none = graph(0, null);
        for (JobGraph graph : List.of(own, none)) {
            gateway.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new NoClient()).get(30, TimeUnit.SECONDS);
            assertThat(JobGraphBytes.decode(master.submitted.get(graph.jobId()).jobGraph()).settings()).isEqualTo(graph.settings());
        }
        assertThat(store.list()).containsExactlyInAnyOrder(own.jobId(), none.jobId());
    }

    @Test
    void theEntryIsRemovedWhenTheJobEndsAndTheClientStillHearsOfIt() throws Exception {
        JobGraph graph = graph(100, null);
        NoClient client = new NoClient();
        gateway.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(30, TimeUnit.SECONDS);
        assertThat(store.list()).containsExactly(graph.jobId());

        master.clients.get(graph.jobId()).jobFinished(result(graph.jobId(), JobStatus.FINISHED)).get(30, TimeUnit.SECONDS);
        assertThat(client.finished).isCompleted();
        gateway.close(); // waits for the queued removal
        assertThat(store.list()).isEmpty();
    }

    @Test
    void aRejectedJobLeavesNoEntry() throws Exception {
        JobGraph graph = graph(0, null);
        master.reject = new IllegalArgumentException("no such thing");
        CompletableFuture<JobId> submitted = gateway.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new NoClient());
        assertThatThrownBy(() -> submitted.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class).hasMessageContaining("no such thing");
        gateway.close();
        assertThat(store.list()).isEmpty();
    }

    @Test
    void aSecondSubmissionOfARunningJobIsRejectedAndLeavesTheEntry() throws Exception {
        JobGraph graph = graph(0, null);
        gateway.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new NoClient()).get(30, TimeUnit.SECONDS);
        CompletableFuture<JobId> again = gateway.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new NoClient());
        assertThatThrownBy(() -> again.get(30, TimeUnit.SECONDS)).hasMessageContaining("was submitted already").hasMessageContaining(graph.jobId().toString());
        gateway.close();
        assertThat(store.list()).containsExactly(graph.jobId());
    }

    @Test
    void afterCloseEndingJobsKeepTheirEntriesAndSubmissionsFail() throws Exception {
        JobGraph graph = graph(100, null);
        gateway.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new NoClient()).get(30, TimeUnit.SECONDS);
        gateway.close();
        master.clients.get(graph.jobId()).jobFinished(result(graph.jobId(), JobStatus.CANCELED)).get(30, TimeUnit.SECONDS);
        assertThat(store.list()).as("a job cancelled by the master's shutdown stays for the next attempt").containsExactly(graph.jobId());

        JobGraph late = graph(0, null);
        assertThatThrownBy(() -> gateway.submitJob(JobGraphBytes.artifactsWithoutJars(late), new NoClient()).get(30, TimeUnit.SECONDS))
                .hasMessageContaining("job store is closed");
        assertThat(store.list()).containsExactly(graph.jobId());
    }

    // ---- helpers --------------------------------------------------------------------------------

    /** A small streaming job graph with checkpointing every {@code intervalMillis} (0: off) to {@code checkpointsDir} (null: none). */
    static JobGraph graph(long intervalMillis, String checkpointsDir) {
        Configuration conf = new Configuration();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        if (intervalMillis > 0) {
            env.enableCheckpointing(intervalMillis);
            // the API requires a directory at plan time; the settings the AM receives may lack it
            env.getCheckpointConfig().setCheckpointStorage(checkpointsDir != null ? checkpointsDir : "file:///placeholder");
        }
        env.addSource(new SequenceSourceFunction(0, 10), "numbers", Types.LONG).addSink(value -> { });
        JobGraph graph = env.getJobGraph("persisting gateway test");
        return checkpointsDir != null ? graph : withoutCheckpointDirectory(graph);
    }

    /** {@code graph} without {@code state.checkpoints.dir}, as a client that leaves it to the AM submits it. */
    static JobGraph withoutCheckpointDirectory(JobGraph graph) {
        Map<String, String> settings = new java.util.TreeMap<>(graph.settings());
        settings.remove(CheckpointingOptions.CHECKPOINTS_DIR.key());
        return new JobGraph(graph.jobId(), graph.name(), graph.vertices(), graph.edges(), graph.bufferTimeoutMillis(),
                graph.serializerConfigBytes(), settings);
    }

    private static JobResultInfo result(JobId job, JobStatus status) {
        return new JobResultInfo(job, status, 1, AccumulatorBytes.serializeValues(Map.of(), "test"), null, "");
    }

    /** A client that only notes the job's end. */
    static final class NoClient implements ClientGateway {
        final CompletableFuture<JobResultInfo> finished = new CompletableFuture<>();

        @Override
        public CompletableFuture<Void> jobFinished(JobResultInfo result) {
            finished.complete(result);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> collectBatch(JobId job, String collectId, byte[] batch) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void collectFinished(JobId job, String collectId) {
        }
    }
}
