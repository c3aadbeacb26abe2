package io.eddy.translation;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.FieldsKeySelector;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;

/**
 * Shows a {@link PhysicalPlan} to people, as text, and to programs, as JSON. Both list every node
 * with its kind, name, parallelism, whether it is chained to its producer ({@link ChainingRule}),
 * its {@link PlanProperty properties}, and its inputs with ship strategy, exchange mode and keys.
 *
 * <p>JSON ({@code getExecutionPlan()} of both environments, {@code eddy plan --json}); optional
 * fields are left out where they do not apply:
 * <pre>{"job": name, "nodes": [{"id", "kind", "name", "uid", "parallelism", "maxParallelism", "chained",
 *   ...the properties' keys (batch: "localStrategy", "keys", "memoryFraction", "estimatedRecords", "costs", ...),
 *   "inputs": [{"id", "input", "ship", "exchange", "keys"?, "broadcastName"?, "sideOutput"?}]}]}</pre>
 * Hand-written: dataflow-api has no JSON library.
 *
 * <p>Text ({@code eddy plan}): one line per node, one per input, then the tasks of the job graph.
 */
public final class PlanRenderer {

    private PlanRenderer() {}

    /** The plan as JSON. */
    public static String json(PhysicalPlan plan) {
        StringBuilder sb = new StringBuilder("{\"job\":").append(quote(plan.jobName())).append(",\"nodes\":[");
        for (PlanNode n : plan.nodes()) {
            sb.append(n.id() == 0 ? "" : ",").append("{\"id\":").append(n.id())
                    .append(",\"kind\":").append(quote(n.descriptor().kind().name()))
                    .append(",\"name\":").append(quote(n.displayName()))
                    .append(",\"uid\":").append(quote(n.uid()))
                    .append(",\"parallelism\":").append(n.parallelism())
                    .append(",\"maxParallelism\":").append(n.maxParallelism())
                    .append(",\"chained\":").append(ChainingRule.isChainedToProducer(plan, n));
            for (PlanProperty p : n.properties()) {
                if (p.key() != null) {
                    sb.append(',').append(quote(p.key())).append(':')
                            .append(p.value() instanceof Number number ? number.toString() : quote(p.value().toString()));
                }
            }
            sb.append(",\"inputs\":[");
            for (int i = 0; i < n.inputs().size(); i++) {
                PlanEdge e = n.inputs().get(i);
                sb.append(i == 0 ? "" : ",").append("{\"id\":").append(e.source()).append(",\"input\":").append(e.targetInput())
                        .append(",\"ship\":").append(quote(e.shipStrategy().name())).append(",\"exchange\":").append(quote(e.exchangeMode().name()));
                String keys = keys(e);
                if (keys != null) {
                    sb.append(",\"keys\":").append(quote(keys));
                }
                if (e.role() == EdgeRole.BROADCAST) {
                    sb.append(",\"broadcastName\":").append(quote(broadcastName(n, e)));
                }
                if (e.sideOutputTag() != null) {
                    sb.append(",\"sideOutput\":").append(quote(e.sideOutputTag()));
                }
                sb.append('}');
            }
            sb.append("]}");
        }
        return sb.append("]}").toString();
    }

    /**
     * The plan as text, followed by the tasks (vertices) of {@code jobGraph}, its chained form:
     * <pre>
     * Plan of job 'WordCount'
     *   #2 reduceCombine 'Sum' p=2, local HASH, keys [0], memory 0.25, records ?, bytes ?
     *       &lt;- #1 input 0: FORWARD, PIPELINED (chained)
     * Tasks (2 vertices, 4 subtasks):
     *   v0 [p=2] Source: x -> ...
     * </pre>
     */
    public static String text(PhysicalPlan plan, JobGraph jobGraph) {
        StringBuilder sb = new StringBuilder("Plan of job '").append(plan.jobName()).append("'\n");
        for (PlanNode n : plan.nodes()) {
            sb.append("  #").append(n.id()).append(' ').append(n.descriptor().kind().name()).append(" '").append(n.displayName())
                    .append("' p=").append(n.parallelism());
            for (PlanProperty p : n.properties()) {
                if (p.label() != null) {
                    sb.append(", ").append(p.label()).append(' ').append(p.text());
                }
            }
            sb.append('\n');
            boolean chained = ChainingRule.isChainedToProducer(plan, n);
            for (PlanEdge e : n.inputs()) {
                String what = e.role() == EdgeRole.BROADCAST ? "broadcast '" + broadcastName(n, e) + "'" : "input " + e.targetInput();
                sb.append("      <- #").append(e.source()).append(' ').append(what);
                if (e.sideOutputTag() != null) {
                    sb.append(" (side output '").append(e.sideOutputTag()).append("')");
                }
                sb.append(": ").append(e.shipStrategy());
                String keys = keys(e);
                if (keys != null) {
                    sb.append(" on ").append(keys);
                }
                sb.append(", ").append(e.exchangeMode()).append(chained ? " (chained)\n" : "\n");
            }
        }
        sb.append("Tasks (").append(jobGraph.vertices().size()).append(" vertices, ").append(jobGraph.numberOfTasks()).append(" subtasks):\n");
        for (JobVertex v : jobGraph.vertices()) {
            sb.append("  ").append(v.id()).append(" [p=").append(v.parallelism()).append("] ").append(v.name()).append('\n');
        }
        return sb.toString();
    }

    /** The key fields of a batch hash edge; null for other edges and for key selector functions, which have no readable form. */
    private static String keys(PlanEdge e) {
        return e.keySelector() instanceof FieldsKeySelector<?> fields ? fields.keys().toString() : null;
    }

    private static String broadcastName(PlanNode node, PlanEdge e) {
        return node.descriptor().broadcastNames().get(e.targetInput());
    }

    static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder q = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\r' -> q.append("\\r");
                case '\t' -> q.append("\\t");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format("\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
