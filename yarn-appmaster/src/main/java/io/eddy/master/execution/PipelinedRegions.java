package io.eddy.master.execution;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.VertexGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Splits a job's subtasks into pipelined regions: the connected components of the subtask graph
 * over its {@link ExchangeMode#PIPELINED} edges. A pipelined {@code FORWARD} edge joins subtask i
 * of the producer with subtask i of the consumer (one region per lane); any other pipelined edge is
 * all-to-all and joins every subtask of both vertices. {@link ExchangeMode#BLOCKING} edges join
 * nothing: they become the regions' blocking inputs.
 *
 * <p>Loops: every subtask of every member of a {@link VertexGroup.Kind#ITERATION} group is in one
 * region, whatever its edges: the loop's tasks run superstep after superstep in lock step (the
 * master decides each superstep for all of them), so they are deployed and restarted together. A
 * {@link EdgeRole#FEEDBACK} edge has no exchange (the tail hands records to the head of its lane in
 * the worker): it joins nothing itself, is no blocking input, and its exchange mode is not read.
 *
 * <p>Regions whose blocking inputs form a cycle (region A reads a blocking result of B while B
 * reads one of A, possible when pipelined and blocking paths interleave) could never be scheduled
 * one after the other; such regions are merged into one, inside which a blocking edge is simply
 * read once its producer finished.
 *
 * <p>A pure function of the {@link JobGraph}, computed once per execution graph.
 */
final class PipelinedRegions {

    /** One subtask, by vertex index and subtask index. */
    record SubtaskKey(int vertex, int subtask) {
        @Override
        public String toString() {
            return "v" + vertex + "#" + subtask;
        }
    }

    /**
     * One region: its subtasks (ordered by vertex, then subtask) and the producers outside it whose
     * blocking results it reads.
     */
    record RegionShape(List<SubtaskKey> tasks, Set<SubtaskKey> blockingProducers) {}

    private final JobGraph graph;
    private final int[] offsets;
    private final int[] parent;

    private PipelinedRegions(JobGraph graph) {
        this.graph = graph;
        this.offsets = new int[graph.vertices().size() + 1];
        for (int v = 0; v < graph.vertices().size(); v++) {
            offsets[v + 1] = offsets[v] + graph.vertices().get(v).parallelism();
        }
        this.parent = new int[offsets[offsets.length - 1]];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
    }

    /** The regions of {@code graph}, ordered by their first subtask (so source regions tend to come first). */
    static List<RegionShape> compute(JobGraph graph) {
        PipelinedRegions regions = new PipelinedRegions(graph);
        regions.joinPipelinedEdges();
        regions.joinIterationGroups();
        regions.mergeCycles();
        return regions.shapes();
    }

    private void joinPipelinedEdges() {
        for (JobEdge e : graph.edges()) {
            if (e.exchangeMode() != ExchangeMode.PIPELINED || e.role() == EdgeRole.FEEDBACK) {
                continue;
            }
            int source = e.source().index();
            int target = e.target().index();
            if (e.shipStrategy() == ShipStrategy.FORWARD) {
                int lanes = Math.min(parallelism(source), parallelism(target));
                for (int i = 0; i < lanes; i++) {
                    union(index(source, i), index(target, i));
                }
            } else {
                int first = index(source, 0);
                for (int i = 0; i < parallelism(source); i++) {
                    union(first, index(source, i));
                }
                for (int j = 0; j < parallelism(target); j++) {
                    union(first, index(target, j));
                }
            }
        }
    }

    /** Joins every subtask of every member of each iteration group (a loop runs and restarts as a whole). */
    private void joinIterationGroups() {
        for (VertexGroup group : graph.groups()) {
            if (group.kind() != VertexGroup.Kind.ITERATION) {
                continue;
            }
            int first = index(group.members().get(0).index(), 0);
            for (JobVertexId member : group.members()) {
                for (int s = 0; s < parallelism(member.index()); s++) {
                    union(first, index(member.index(), s));
                }
            }
        }
    }

    /** Merges the regions of every cycle of blocking dependencies (strongly connected components). */
    private void mergeCycles() {
        Map<Integer, Set<Integer>> dependents = new LinkedHashMap<>();
        for (int i = 0; i < parent.length; i++) {
            dependents.computeIfAbsent(find(i), k -> new LinkedHashSet<>());
        }
        forEachBlockingDependency((producer, consumer) -> {
            int from = find(producer);
            int to = find(consumer);
            if (from != to) {
                dependents.get(from).add(to);
            }
        });
        for (List<Integer> component : new StronglyConnected(dependents).components()) {
            for (int root : component) {
                union(component.get(0), root);
            }
        }
    }

    private List<RegionShape> shapes() {
        Map<Integer, List<SubtaskKey>> members = new LinkedHashMap<>();
        for (int v = 0; v < graph.vertices().size(); v++) {
            for (int s = 0; s < parallelism(v); s++) {
                members.computeIfAbsent(find(index(v, s)), k -> new ArrayList<>()).add(new SubtaskKey(v, s));
            }
        }
        Map<Integer, Set<SubtaskKey>> producers = new LinkedHashMap<>();
        forEachBlockingDependency((producer, consumer) -> {
            if (find(producer) != find(consumer)) {
                producers.computeIfAbsent(find(consumer), k -> new LinkedHashSet<>()).add(key(producer));
            }
        });
        List<RegionShape> result = new ArrayList<>();
        for (Map.Entry<Integer, List<SubtaskKey>> e : members.entrySet()) {
            result.add(new RegionShape(List.copyOf(e.getValue()), Set.copyOf(producers.getOrDefault(e.getKey(), Set.of()))));
        }
        return result;
    }

    /** Calls {@code action(producer index, consumer index)} for every pair of subtasks connected by a blocking edge. */
    private void forEachBlockingDependency(Dependency action) {
        for (JobEdge e : graph.edges()) {
            if (e.exchangeMode() != ExchangeMode.BLOCKING || e.role() == EdgeRole.FEEDBACK) {
                continue;
            }
            int source = e.source().index();
            int target = e.target().index();
            for (int j = 0; j < parallelism(target); j++) {
                if (e.shipStrategy() == ShipStrategy.FORWARD) {
                    action.accept(index(source, j), index(target, j));
                } else {
                    for (int p = 0; p < parallelism(source); p++) {
                        action.accept(index(source, p), index(target, j));
                    }
                }
            }
        }
    }

    @FunctionalInterface
    private interface Dependency {
        void accept(int producer, int consumer);
    }

    private int parallelism(int vertex) {
        JobVertex v = graph.vertices().get(vertex);
        return v.parallelism();
    }

    private int index(int vertex, int subtask) {
        return offsets[vertex] + subtask;
    }

    private SubtaskKey key(int index) {
        int v = 0;
        while (offsets[v + 1] <= index) {
            v++;
        }
        return new SubtaskKey(v, index - offsets[v]);
    }

    private int find(int i) {
        int root = i;
        while (parent[root] != root) {
            root = parent[root];
        }
        while (parent[i] != root) {
            int next = parent[i];
            parent[i] = root;
            i = next;
        }
        return root;
    }

    private void union(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }

    /** Tarjan's algorithm over a small graph of region roots; yields only components of two or more. */
    private static final class StronglyConnected {
        private final Map<Integer, Set<Integer>> edges;
        private final Map<Integer, Integer> indexOf = new LinkedHashMap<>();
        private final Map<Integer, Integer> lowLink = new LinkedHashMap<>();
        private final List<Integer> stack = new ArrayList<>();
        private final Set<Integer> onStack = new LinkedHashSet<>();
        private final List<List<Integer>> result = new ArrayList<>();
        private int counter;

        StronglyConnected(Map<Integer, Set<Integer>> edges) {
            this.edges = edges;
        }

        List<List<Integer>> components() {
            for (int node : edges.keySet()) {
                if (!indexOf.containsKey(node)) {
                    visit(node);
                }
            }
            return result;
        }

        private void visit(int node) {
            indexOf.put(node, counter);
            lowLink.put(node, counter);
            counter++;
            stack.add(node);
            onStack.add(node);
            for (int next : edges.get(node)) {
                if (!indexOf.containsKey(next)) {
                    visit(next);
                    lowLink.put(node, Math.min(lowLink.get(node), lowLink.get(next)));
                } else if (onStack.contains(next)) {
                    lowLink.put(node, Math.min(lowLink.get(node), indexOf.get(next)));
                }
            }
            if (lowLink.get(node).equals(indexOf.get(node))) {
                List<Integer> component = new ArrayList<>();
                int member;
                do {
                    member = stack.remove(stack.size() - 1);
                    onStack.remove(member);
                    component.add(member);
                } while (member != node);
                if (component.size() > 1) {
                    result.add(component);
                }
            }
        }
    }
}
