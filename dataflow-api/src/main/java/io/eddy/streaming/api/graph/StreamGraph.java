package io.eddy.streaming.api.graph;

import java.util.List;

/**
 * The physical plan of a streaming program before chaining: operators ({@link StreamNode}s) with
 * their resolved parallelism, and the edges between them with resolved partitioning. Nodes are in
 * topological order (node {@code i} has id {@code i}). {@link JobGraphGenerator} chains it into a
 * {@code JobGraph}; {@link #toJson()} renders it for plans and the dashboard.
 */
public final class StreamGraph {

    private final List<StreamNode> nodes;
    private final List<StreamEdge> edges;

    StreamGraph(List<StreamNode> nodes, List<StreamEdge> edges) {
        this.nodes = List.copyOf(nodes);
        this.edges = List.copyOf(edges);
    }

    public List<StreamNode> getNodes() {
        return nodes;
    }

    public List<StreamEdge> getEdges() {
        return edges;
    }

    public StreamNode getNode(int id) {
        return nodes.get(id);
    }

    /**
     * A small JSON rendering: {@code {"nodes":[{"id":0,"name":"Source: numbers","kind":"source",
     * "parallelism":2,"uid":"...","inputs":[{"id":..,"input":0,"ship_strategy":"FORWARD","side_output":null}]}]}}.
     */
    public String toJson() {
        StringBuilder json = new StringBuilder("{\"nodes\":[");
        for (int i = 0; i < nodes.size(); i++) {
            StreamNode n = nodes.get(i);
            json.append(i == 0 ? "" : ",").append("{\"id\":").append(n.getId())
                    .append(",\"name\":").append(quote(n.getDisplayName()))
                    .append(",\"kind\":").append(quote(n.getKind().name()))
                    .append(",\"parallelism\":").append(n.getParallelism())
                    .append(",\"maxParallelism\":").append(n.getMaxParallelism())
                    .append(",\"uid\":").append(quote(n.getUid()))
                    .append(",\"inputs\":[");
            List<StreamEdge> in = n.getInEdges();
            for (int j = 0; j < in.size(); j++) {
                StreamEdge e = in.get(j);
                json.append(j == 0 ? "" : ",").append("{\"id\":").append(e.source().getId())
                        .append(",\"input\":").append(e.targetInput())
                        .append(",\"ship_strategy\":").append(quote(e.shipStrategy().name()))
                        .append(",\"side_output\":").append(quote(e.sideOutputTag()))
                        .append('}');
            }
            json.append("]}");
        }
        return json.append("]}").toString();
    }

    static String quote(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
