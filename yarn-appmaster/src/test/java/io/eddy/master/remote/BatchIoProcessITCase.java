package io.eddy.master.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobDetails;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.batch.BatchIoGraphs;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A batch source in two worker processes: every split request crosses the control protocol
 * (worker → master {@code RequestInputSplit}, answered from the assigner in the master process),
 * and the master process commits the text sink's output after both subtasks finished.
 */
@Timeout(120)
class BatchIoProcessITCase {

    @RegisterExtension
    static final ProcessClusterExtension CLUSTER = new ProcessClusterExtension(2, 1);

    @Test
    void splitsAreRequestedOverTheControlProtocolAndTheOutputIsCommitted() throws Exception {
        Path dir = CLUSTER.directory().resolve("batch-io");
        List<String> lines = BatchIoGraphs.writeInput(dir.resolve("in"), 6, 500);
        Path out = dir.resolve("out");
        JobGraph graph = BatchIoGraphs.textPipeline(dir.resolve("in").toString(), out.toString(), 2, new Reverse());

        try (JobClient client = new RemoteExecutorFactory().create(CLUSTER.remoteConfiguration())
                .submit(graph, List.of(), getClass().getClassLoader())) {
            client.getJobResult().get(100, TimeUnit.SECONDS);
        }

        // The master's view of the ended job, over the control protocol.
        try (ClusterClient cluster = CLUSTER.client()) {
            JobDetails details = cluster.jobDetails(graph.jobId()).orElseThrow();
            assertThat(details.status()).isEqualTo("FINISHED");
            assertThat(details.endTime()).isGreaterThanOrEqualTo(details.startTime());
            assertThat(details.vertices()).hasSize(graph.vertices().size());
            JobDetails.VertexDetails source = details.vertices().get(0);
            assertThat(source.splits()).isEqualTo(6);
            assertThat(source.splitsDone()).isEqualTo(6);
            assertThat(details.vertices()).allSatisfy(v -> assertThat(v.finished()).isEqualTo(v.parallelism()));
            assertThat(cluster.jobDetails(io.eddy.jobgraph.JobId.generate())).as("an unknown job").isEmpty();
        }

        assertThat(BatchIoGraphs.visibleFiles(out)).containsExactly("1", "2");
        assertThat(out.resolve("_SUCCESS")).exists();
        assertThat(BatchIoGraphs.readOutput(out))
                .containsExactlyInAnyOrderElementsOf(lines.stream().map(l -> new StringBuilder(l).reverse().toString()).toList());
    }

    static final class Reverse implements MapFunction<String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String map(String value) {
            return new StringBuilder(value).reverse().toString();
        }
    }
}
