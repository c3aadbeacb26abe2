package io.eddy.master;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import java.util.List;
import java.util.Map;

/**
 * Job graphs for master tests that never run: operator descriptors are placeholder bytes, which
 * the master does not read for the kinds used here.
 */
public final class TestGraphs {

    private TestGraphs() {}

    /** Source (p) --strategy--> Map (p2). */
    public static JobGraph twoVertices(int p, ShipStrategy strategy, int p2) {
        JobVertex source = new JobVertex(new JobVertexId(0), "Source", p, 128,
                List.of(new OperatorSpec("src", "Source", "source", new byte[] {0}, List.of(OperatorOutput.network(0)))));
        JobVertex map = new JobVertex(new JobVertexId(1), "Map", p2, 128,
                List.of(new OperatorSpec("map", "Map", "map", new byte[] {0}, List.of())));
        byte[] keySelector = strategy == ShipStrategy.HASH ? new byte[] {0} : null;
        JobEdge edge = new JobEdge(source.id(), 0, map.id(), 0, 0, strategy, ExchangeMode.PIPELINED, keySelector, new byte[] {0});
        return new JobGraph(JobId.generate(), "test job", List.of(source, map), List.of(edge), 100, new byte[] {0}, Map.of());
    }
}
