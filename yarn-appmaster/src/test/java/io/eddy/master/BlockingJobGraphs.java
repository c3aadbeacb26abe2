package io.eddy.master;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.ShipStrategy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Turns edges of a job graph built with the DataStream API into {@code BLOCKING} exchanges, for
 * tests of staged execution (nothing in the API sets BLOCKING yet). Submit the result through the
 * usual path: {@code LocalCluster.submit(graph)} or a {@code PipelineExecutor}.
 */
public final class BlockingJobGraphs {

    private BlockingJobGraphs() {}

    /** {@code graph} with every edge of one of {@code strategies} made BLOCKING; everything else unchanged. */
    public static JobGraph withBlockingEdges(JobGraph graph, ShipStrategy... strategies) {
        Set<ShipStrategy> chosen = Set.of(strategies);
        return withBlockingEdges(graph, e -> chosen.contains(e.shipStrategy()));
    }

    /** {@code graph} with every edge that {@code which} accepts made BLOCKING. */
    public static JobGraph withBlockingEdges(JobGraph graph, Predicate<JobEdge> which) {
        if (graph.edges().stream().noneMatch(which)) {
            throw new IllegalArgumentException("No edge of job '" + graph.name() + "' was chosen to become BLOCKING: " + graph.edges());
        }
        List<JobEdge> edges = graph.edges().stream().map(e -> which.test(e) ? blocking(e) : e).toList();
        return new JobGraph(graph.jobId(), graph.name(), graph.vertices(), edges, graph.bufferTimeoutMillis(),
                graph.serializerConfigBytes(), graph.settings());
    }

    /** {@code graph} with {@code settings} added to its job settings (e.g. a restart strategy for this job only). */
    public static JobGraph withSettings(JobGraph graph, Map<String, String> settings) {
        Map<String, String> merged = new HashMap<>(graph.settings());
        merged.putAll(settings);
        return new JobGraph(graph.jobId(), graph.name(), graph.vertices(), graph.edges(), graph.bufferTimeoutMillis(),
                graph.serializerConfigBytes(), merged);
    }

    private static JobEdge blocking(JobEdge e) {
        return new JobEdge(e.source(), e.sourceOutputIndex(), e.target(), e.targetGateIndex(), e.targetInput(), e.shipStrategy(),
                ExchangeMode.BLOCKING, e.keySelectorBytes(), e.recordTypeBytes());
    }
}
