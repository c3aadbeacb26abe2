package io.eddy.examples.iteration;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@link TransitiveClosure} in one thread: the same supersteps (every known path extended by one
 * edge), the same end (the first superstep without a new path, or {@code maxIterations}).
 */
public final class TransitiveClosureReference {

    private TransitiveClosureReference() {}

    /**
     * @param paths the pairs {@code from -> to} connected by a path, as {@code {from, to}}, sorted
     * @param supersteps how many supersteps ran
     */
    public record Result(List<long[]> paths, int supersteps) {}

    /** The transitive closure of the graph of edges {@code sources[i] -> targets[i]}. */
    public static Result run(long[] sources, long[] targets, int maxIterations) {
        Map<Long, List<Long>> out = new HashMap<>();
        TreeSet<Pair> paths = new TreeSet<>();
        for (int e = 0; e < sources.length; e++) {
            out.computeIfAbsent(sources[e], v -> new ArrayList<>()).add(targets[e]);
            paths.add(new Pair(sources[e], targets[e]));
        }
        int superstep = 0;
        while (superstep < maxIterations) {
            superstep++;
            TreeSet<Pair> next = new TreeSet<>(paths);
            for (Pair p : paths) {
                for (long to : out.getOrDefault(p.to(), List.of())) {
                    next.add(new Pair(p.from(), to));
                }
            }
            boolean found = next.size() > paths.size();
            paths = next;
            if (!found) {
                break;
            }
        }
        List<long[]> result = new ArrayList<>(paths.size());
        paths.forEach(p -> result.add(new long[] {p.from(), p.to()}));
        return new Result(result, superstep);
    }

    private record Pair(long from, long to) implements Comparable<Pair> {
        @Override
        public int compareTo(Pair o) {
            int c = Long.compare(from, o.from);
            return c != 0 ? c : Long.compare(to, o.to);
        }
    }
}
