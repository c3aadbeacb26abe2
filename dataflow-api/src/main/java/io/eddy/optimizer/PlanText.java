package io.eddy.optimizer;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import java.math.BigDecimal;
import java.math.MathContext;

/**
 * The chosen plan as text for people ({@code eddy plan}): one block per node with its strategies,
 * keys, memory share and estimates, each input with its ship strategy and exchange mode; then the
 * tasks (chains) of the job graph.
 */
final class PlanText {

    private PlanText() {}

    static String write(Dag dag, JobGraph graph) {
        StringBuilder sb = new StringBuilder("Plan of job '").append(dag.plan().getJobName()).append("'\n");
        for (OptNode n : dag.nodes()) {
            sb.append(String.format("  #%d %s '%s' p=%d", n.id(), n.kind().name(), n.name(), n.parallelism()));
            KindParameters p = KindParameters.of(n.kind());
            appendParam(sb, "local", p.localStrategy());
            appendParam(sb, "keys", p.keys());
            appendParam(sb, "keys2", p.keys2());
            appendParam(sb, "join", p.joinType());
            appendParam(sb, "buffers input", p.bufferedInput());
            if (n.memoryFraction() > 0) {
                // a share of the managed memory, for reading: 0.11, not 0.1111111111111111
                appendParam(sb, "memory", new BigDecimal(n.memoryFraction()).round(new MathContext(2)).stripTrailingZeros().toPlainString());
            }
            sb.append("  [").append(n.estimates()).append("]\n");
            for (Channel c : n.inputs()) {
                appendChannel(sb, c, "input " + c.targetInput());
                sb.append(JobGraphWriter.isChained(n) ? " (chained)\n" : "\n");
            }
            for (Channel c : n.broadcastInputs()) {
                appendChannel(sb, c, "broadcast '" + c.broadcastName() + "'");
                sb.append('\n');
            }
        }
        sb.append("Tasks (").append(graph.vertices().size()).append(" vertices, ").append(graph.numberOfTasks()).append(" subtasks):\n");
        for (JobVertex v : graph.vertices()) {
            sb.append("  ").append(v.id()).append(" [p=").append(v.parallelism()).append("] ").append(v.name()).append('\n');
        }
        return sb.toString();
    }

    private static void appendParam(StringBuilder sb, String label, Object value) {
        if (value != null) {
            sb.append(", ").append(label).append(' ').append(value);
        }
    }

    private static void appendChannel(StringBuilder sb, Channel c, String what) {
        sb.append("      <- #").append(c.source().id()).append(' ').append(what).append(": ").append(c.shipStrategy());
        if (c.shipKeys() != null) {
            sb.append(" on ").append(c.shipKeys());
        }
        sb.append(", ").append(c.exchangeMode());
    }
}
