package io.eddy.optimizer;


/**
 * Writes the chosen plan as JSON ({@code getExecutionPlan()}):
 * <pre>{"job": name, "nodes": [{"id", "kind", "name", "parallelism", "chained", "localStrategy",
 *   "memoryFraction", "keys", "estimatedRecords", "estimatedBytes", "costs",
 *   "inputs": [{"id", "input", "ship", "keys", "exchange", "broadcastName"}]}]}</pre>
 * Estimates are -1 where unknown. Hand-written: dataflow-api has no JSON library.
 */
final class PlanJson {

    private final StringBuilder sb = new StringBuilder();

    private PlanJson() {}

    static String write(Dag dag) {
        PlanJson json = new PlanJson();
        json.sb.append("{\"job\":").append(quote(dag.plan().getJobName())).append(",\"nodes\":[");
        for (int i = 0; i < dag.nodes().size(); i++) {
            json.sb.append(i == 0 ? "" : ",");
            json.node(dag.nodes().get(i));
        }
        return json.sb.append("]}").toString();
    }

    private void node(OptNode n) {
        sb.append("{\"id\":").append(n.id()).append(",\"kind\":").append(quote(n.kind().name())).append(",\"name\":").append(quote(n.name()))
                .append(",\"parallelism\":").append(n.parallelism()).append(",\"chained\":").append(JobGraphWriter.isChained(n));
        KindParameters p = KindParameters.of(n.kind());
        field("localStrategy", p.localStrategy());
        field("bufferedInput", p.bufferedInput());
        field("joinType", p.joinType());
        field("keys", p.keys());
        field("keys2", p.keys2());
        if (n.memoryFraction() > 0) {
            sb.append(",\"memoryFraction\":").append(n.memoryFraction());
        }
        sb.append(",\"estimatedRecords\":").append(n.estimates().records()).append(",\"estimatedBytes\":").append(n.estimates().bytes())
                .append(",\"costs\":").append(quote(n.costs().toString())).append(",\"inputs\":[");
        boolean first = true;
        for (Channel c : n.inputs()) {
            first = channel(c, first);
        }
        for (Channel c : n.broadcastInputs()) {
            first = channel(c, first);
        }
        sb.append("]}");
    }

    private boolean channel(Channel c, boolean first) {
        sb.append(first ? "" : ",").append("{\"id\":").append(c.source().id()).append(",\"input\":").append(c.targetInput())
                .append(",\"ship\":").append(quote(c.shipStrategy().name())).append(",\"exchange\":").append(quote(c.exchangeMode().name()));
        field("keys", c.shipKeys());
        field("broadcastName", c.broadcastName());
        sb.append('}');
        return false;
    }

    private void field(String name, Object value) {
        if (value != null) {
            sb.append(",\"").append(name).append("\":").append(quote(value.toString()));
        }
    }

    static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\r' -> q.append("\\r");
                case '\t' -> q.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        q.append(String.format("\\u%04x", (int) ch));
                    } else {
                        q.append(ch);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
