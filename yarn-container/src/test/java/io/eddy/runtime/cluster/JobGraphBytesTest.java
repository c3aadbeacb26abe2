package io.eddy.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobGraphBytesTest {

    @Test
    void roundTrip() throws IOException {
        JobVertex source = new JobVertex(new JobVertexId(0), "Source", 2, 128,
                List.of(new OperatorSpec("s", "Source", "source", new byte[] {1, 2}, List.of(OperatorOutput.network(0)))));
        JobVertex sink = new JobVertex(new JobVertexId(1), "Sink", 3, 128, List.of(new OperatorSpec("k", "Sink", "sink", new byte[] {3}, List.of())));
        JobEdge edge = new JobEdge(source.id(), 0, sink.id(), 0, 0, ShipStrategy.REBALANCE, ExchangeMode.PIPELINED, null, new byte[] {9});
        JobGraph graph = new JobGraph(JobId.generate(), "job", List.of(source, sink), List.of(edge), 100, new byte[] {7}, Map.of("a", "b"));

        JobArtifacts artifacts = JobGraphBytes.artifactsWithoutJars(graph);
        JobGraph read = JobGraphBytes.decode(artifacts.jobGraph());

        assertThat(artifacts.job()).isEqualTo(graph.jobId());
        assertThat(artifacts.jars()).isEmpty();
        assertThat(read.jobId()).isEqualTo(graph.jobId());
        assertThat(read.vertices()).extracting(JobVertex::name, JobVertex::parallelism).containsExactly(
                org.assertj.core.groups.Tuple.tuple("Source", 2), org.assertj.core.groups.Tuple.tuple("Sink", 3));
        assertThat(read.edges().get(0).shipStrategy()).isEqualTo(ShipStrategy.REBALANCE);
        assertThat(read.settings()).containsEntry("a", "b");
    }

    @Test
    void garbageIsRejectedWithAReadableError() {
        assertThatThrownBy(() -> JobGraphBytes.decode(new byte[] {0, 0, 0, 1, 0, 0, 0, 0}))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Not a job graph");
    }
}
