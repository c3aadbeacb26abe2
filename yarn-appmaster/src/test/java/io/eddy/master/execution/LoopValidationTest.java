package io.eddy.master.execution;

import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.master.RegionTestGraphs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the master checks of a loop before it takes slots ({@link ExecutionGraph#validate}). */
class LoopValidationTest {

    private static final IterationSpec LOOP = new IterationSpec("loop", IterationSpec.Kind.BULK, new JobVertexId(1), 5, new byte[] {0}, false);

    @Test
    void aLoopWithPipelinedEdgesIsAcceptedWhateverItsFeedbackEdgesModeSays() {
        for (var mode : List.of(PIPELINED, BLOCKING)) {
            JobGraph graph = RegionTestGraphs.graph(2, 2, 2).edge(0, 1, HASH, BLOCKING).edge(1, 2, HASH, PIPELINED).feedback(2, 1, mode)
                    .iteration(LOOP, 1, 2).build();
            assertThatCode(() -> ExecutionGraph.validate(graph)).as(mode.name()).doesNotThrowAnyException();
        }
    }

    @Test
    void aBlockingEdgeInsideALoopIsRefused() {
        JobGraph graph = RegionTestGraphs.graph(2, 2, 2).edge(0, 1, HASH, BLOCKING).edge(1, 2, HASH, BLOCKING).feedback(2, 1, PIPELINED)
                .iteration(LOOP, 1, 2).build();

        assertThatThrownBy(() -> ExecutionGraph.validate(graph)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("inside iteration 'loop' is BLOCKING");
    }

    @Test
    void aFeedbackEdgeThatIsNotForwardIsRefused() {
        JobGraph forward = RegionTestGraphs.graph(2, 2, 2).edge(0, 1, HASH, BLOCKING).edge(1, 2, FORWARD, PIPELINED)
                .feedback(2, 1, PIPELINED).iteration(LOOP, 1, 2).build();
        List<JobEdge> edges = new ArrayList<>();
        for (JobEdge e : forward.edges()) {
            edges.add(e.role() != EdgeRole.FEEDBACK ? e : new JobEdge(e.source(), e.sourceOutputIndex(), e.target(), e.targetGateIndex(),
                    e.targetInput(), EdgeRole.FEEDBACK, HASH, PIPELINED, new byte[] {0}, e.recordTypeBytes()));
        }
        JobGraph hashed = new JobGraph(forward.jobId(), forward.name(), forward.vertices(), edges, 100, new byte[] {0}, forward.settings(),
                forward.groups());

        assertThatThrownBy(() -> ExecutionGraph.validate(hashed)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("feedback edges are FORWARD");
    }
}
