package io.eddy.jobgraph;

import java.util.List;
import java.util.Objects;

/**
 * Vertices that the master places or runs together.
 *
 * @param name the group's name, unique in its graph, shown in logs and errors
 * @param kind what the grouping means
 * @param members the vertices of the group, in ascending id order, at least one
 * @param iteration for an {@link Kind#ITERATION} group, the loop it runs (its name is the group's
 *     name, its head vertex a member); null for other kinds
 */
public record VertexGroup(String name, Kind kind, List<JobVertexId> members, IterationSpec iteration) {

    /** What a group means to the master. */
    public enum Kind {
        /**
         * Subtask i of every member runs in the same slot, so their tasks can share memory (a loop's
         * head and tail, a solution set and the operators reading it). Members have equal parallelism.
         */
        CO_LOCATION,
        /**
         * The vertices of one loop: they run superstep after superstep and are restarted together.
         * Feedback edges go from a member (a tail's vertex) to the loop's head vertex, at equal
         * parallelism, so that lane i's tail and head share a slot; other members may have any
         * parallelism.
         */
        ITERATION,
        /**
         * The head and tail vertices of one streaming loop ({@code DataStream.iterate()},
         * docs/iterations.md "Streaming iteration"): records go around asynchronously, without
         * supersteps, and the members run as ordinary stream tasks. The group's name is the loop's;
         * its feedback edge goes from the tail's vertex to the head's (possibly one vertex); members
         * have equal parallelism, so that lane i's tail hands its records to lane i's head. Body
         * vertices between them are not members.
         */
        STREAM_LOOP
    }

    public VertexGroup {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        members = List.copyOf(members);
        if (members.isEmpty()) {
            throw new IllegalArgumentException("Bug: vertex group '" + name + "' has no members");
        }
        if ((kind == Kind.ITERATION) != (iteration != null)) {
            throw new IllegalArgumentException("Bug: vertex group '" + name + "' of kind " + kind + (iteration == null
                    ? " has no iteration spec" : " has an iteration spec, which only ITERATION groups have"));
        }
        if (iteration != null && (!iteration.name().equals(name) || !members.contains(iteration.headVertex()))) {
            throw new IllegalArgumentException("Bug: iteration group '" + name + "' (members " + members + ") has the spec " + iteration
                    + ": its name must be the group's and its head vertex a member");
        }
        for (int i = 1; i < members.size(); i++) {
            if (members.get(i - 1).index() >= members.get(i).index()) {
                throw new IllegalArgumentException("Bug: the members of vertex group '" + name + "' are not in ascending id order: " + members);
            }
        }
    }

    /** A group without an iteration spec: {@link Kind#CO_LOCATION} or {@link Kind#STREAM_LOOP}. */
    public VertexGroup(String name, Kind kind, List<JobVertexId> members) {
        this(name, kind, members, null);
    }

    /** The iteration group of loop {@code iteration}. */
    public static VertexGroup iteration(IterationSpec iteration, List<JobVertexId> members) {
        return new VertexGroup(iteration.name(), Kind.ITERATION, members, iteration);
    }

    public boolean contains(JobVertexId vertex) {
        return members.contains(vertex);
    }
}
