package io.eddy.examples.iteration;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

/** The streaming Collatz example's one-thread count and its plan (the loop runs in {@code IterationExamplesITCase}). */
class StreamingCollatzTest {

    @Test
    void theOneThreadCountKnowsItsCollatzSequences() {
        assertThat(StreamingCollatz.steps(1)).isZero();
        assertThat(StreamingCollatz.steps(6)).isEqualTo(8); // 6 3 10 5 16 8 4 2 1
        assertThat(StreamingCollatz.steps(27)).isEqualTo(111);
    }

    @Test
    void compilesToOneStreamLoop() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        StreamingCollatz.build(env.fromSequence(1, 10), 1_000).print();
        JobGraph graph = env.getJobGraph("collatz");
        assertThat(graph.groups()).singleElement().extracting(VertexGroup::kind).isEqualTo(VertexGroup.Kind.STREAM_LOOP);
        assertThat(graph.feedbackEdges()).hasSize(1);
    }
}
