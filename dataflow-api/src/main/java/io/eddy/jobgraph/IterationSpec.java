package io.eddy.jobgraph;

import java.util.Objects;

/**
 * What the master and every task of one loop need to know about it (docs/iterations.md): carried
 * by the loop's {@link VertexGroup.Kind#ITERATION} group.
 *
 * @param name the iteration's name, unique in its graph (also the group's name), shown in logs and errors
 * @param kind a bulk or a delta iteration
 * @param headVertex the vertex whose head operator is the loop's head: it reads the initial input and
 *     the feedback, starts each superstep and hears the master's decision
 * @param maxIterations the number of supersteps after which the loop ends at the latest, at least 1
 * @param aggregatorsBytes the Java-serialized {@code AggregatorRegistry} of the iteration (its
 *     aggregators and convergence criterion); user classes, so read with the job's class loader
 * @param terminationCriterion whether a termination criterion ends the loop: its tail counts records
 *     into the aggregator {@link #TERMINATION_AGGREGATOR}, and a superstep that counted none is the last
 */
public record IterationSpec(String name, Kind kind, JobVertexId headVertex, int maxIterations, byte[] aggregatorsBytes,
        boolean terminationCriterion) implements java.io.Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * The long-sum aggregator into which a termination-criterion tail (bulk) or the workset tail
     * (delta) counts its records; a superstep whose combined count is 0 ends the loop. Registered by
     * the runtime, never by a user (user names may not start with {@code "eddy."}).
     */
    public static final String TERMINATION_AGGREGATOR = "eddy.termination-records";

    /** Bulk (the partial solution is replaced every superstep) or delta (a solution set updated by a delta, and a workset). */
    public enum Kind {
        BULK,
        DELTA
    }

    public IterationSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(headVertex, "headVertex");
        Objects.requireNonNull(aggregatorsBytes, "aggregatorsBytes");
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maximum number of iterations of '" + name + "': " + maxIterations + " (expected: >= 1)");
        }
    }

    /** Whether the loop ends early after a superstep whose {@link #TERMINATION_AGGREGATOR} count is 0. */
    public boolean endsOnEmptyCount() {
        return terminationCriterion || kind == Kind.DELTA;
    }

    /** Equal when every component is, the aggregators' bytes compared by content. */
    @Override
    public boolean equals(Object o) {
        return o instanceof IterationSpec other && name.equals(other.name) && kind == other.kind && headVertex.equals(other.headVertex)
                && maxIterations == other.maxIterations && java.util.Arrays.equals(aggregatorsBytes, other.aggregatorsBytes)
                && terminationCriterion == other.terminationCriterion;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, kind, headVertex, maxIterations, java.util.Arrays.hashCode(aggregatorsBytes), terminationCriterion);
    }

    @Override
    public String toString() {
        return "IterationSpec{" + name + ", " + kind + ", head " + headVertex + ", max " + maxIterations
                + (terminationCriterion ? ", termination criterion" : "") + "}";
    }
}
