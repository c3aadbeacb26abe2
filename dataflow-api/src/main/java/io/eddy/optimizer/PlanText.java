package io.eddy.optimizer;

import io.eddy.jobgraph.BatchKinds;
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
            sb.append(String.format("  #%d %s '%s' p=%d", n.id(), n.kind(), n.name(), n.parallelism()));
            appendParam(sb, n, "local", BatchKinds.PARAM_LOCAL_STRATEGY);
            appendParam(sb, n, "keys", BatchKinds.PARAM_KEYS);
            appendParam(sb, n, "keys2", BatchKinds.PARAM_KEYS_2);
            appendParam(sb, n, "join", BatchKinds.PARAM_JOIN_TYPE);
            appendParam(sb, n, "buffers input", BatchKinds.PARAM_BUFFERED_INPUT);
            appendParam(sb, n, "memory", BatchKinds.PARAM_MEMORY_FRACTION);
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

    private static void appendParam(StringBuilder sb, OptNode n, String label, String param) {
        Object value = n.params().get(param);
        if (value instanceof Double fraction) {
            // a share of the managed memory, for reading: 0.11, not 0.1111111111111111
            sb.append(", ").append(label).append(' ').append(new BigDecimal(fraction).round(new MathContext(2)).stripTrailingZeros().toPlainString());
        } else if (value != null) {
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
