package io.eddy.master;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.VertexGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Job graphs of any shape for scheduling tests that never run: {@code graph(p0, p1, ...)} makes
 * vertices {@code V0, V1, ...} with those parallelisms, and {@link Builder#edge} adds edges with a
 * ship strategy and an exchange mode, {@link Builder#feedback} and {@link Builder#iteration} a loop.
 * Descriptors are placeholder bytes the master does not read.
 */
public final class RegionTestGraphs {

    private RegionTestGraphs() {}

    public static Builder graph(int... parallelism) {
        return new Builder(parallelism);
    }

    public static final class Builder {
        private final int[] parallelism;
        private final List<JobEdge> edges = new ArrayList<>();
        private final int[] outputs;
        private final int[] inputs;
        private final List<VertexGroup> groups = new ArrayList<>();
        private Map<String, String> settings = Map.of();

        private Builder(int[] parallelism) {
            this.parallelism = parallelism;
            this.outputs = new int[parallelism.length];
            this.inputs = new int[parallelism.length];
        }

        public Builder edge(int source, int target, ShipStrategy strategy, ExchangeMode mode) {
            byte[] keySelector = strategy == ShipStrategy.HASH ? new byte[] {0} : null;
            edges.add(new JobEdge(new JobVertexId(source), outputs[source]++, new JobVertexId(target), inputs[target]++, 0, strategy,
                    mode, keySelector, new byte[] {0}));
            return this;
        }

        /** A loop's FEEDBACK edge from {@code tail} back to {@code head} (FORWARD; {@code mode} is not read by the master). */
        public Builder feedback(int tail, int head, ExchangeMode mode) {
            edges.add(new JobEdge(new JobVertexId(tail), outputs[tail]++, new JobVertexId(head), inputs[head]++, 0, EdgeRole.FEEDBACK,
                    ShipStrategy.FORWARD, mode, null, new byte[] {0}));
            return this;
        }

        /** Makes {@code members} (ascending, the spec's head among them) the ITERATION group of {@code spec}. */
        public Builder iteration(IterationSpec spec, int... members) {
            List<JobVertexId> ids = new ArrayList<>();
            for (int m : members) {
                ids.add(new JobVertexId(m));
            }
            groups.add(VertexGroup.iteration(spec, ids));
            return this;
        }

        /** The job's settings, e.g. its restart strategy. */
        public Builder settings(Map<String, String> jobSettings) {
            this.settings = jobSettings;
            return this;
        }

        public JobGraph build() {
            List<JobVertex> vertices = new ArrayList<>();
            for (int v = 0; v < parallelism.length; v++) {
                vertices.add(new JobVertex(new JobVertexId(v), "V" + v, parallelism[v], 128,
                        List.of(new OperatorSpec("op" + v, "V" + v, "map", new byte[] {0}, List.of()))));
            }
            return new JobGraph(JobId.generate(), "region test job", vertices, edges, 100, new byte[] {0}, settings, groups);
        }
    }
}
