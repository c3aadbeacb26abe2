package io.eddy.runtime.iteration;

import java.util.Objects;

/**
 * Where a restarted loop resumes (docs/iterations.md, "Snapshots and recovery"): after the loop's
 * latest complete snapshot, of superstep {@code superstep - 1}. Every task of the loop is deployed
 * with it: the task's first superstep is {@code superstep} (not 1), with the combined aggregates of
 * the snapshot's superstep as the previous aggregates; the head reads its lane's snapshot from
 * {@code snapshotDir} instead of emitting its initial input.
 *
 * @param superstep the first superstep of the resumed run, at least 2
 * @param aggregatesBytes the Java-serialized {@code HashMap<String, Serializable>} of the combined
 *     aggregates of superstep {@code superstep - 1}
 * @param snapshotDir the snapshot's directory (a URI: file:// or hdfs://), with one file per lane
 */
public record IterationResume(int superstep, byte[] aggregatesBytes, String snapshotDir) {

    public IterationResume {
        Objects.requireNonNull(aggregatesBytes, "aggregatesBytes");
        Objects.requireNonNull(snapshotDir, "snapshotDir");
        if (superstep < 2) {
            throw new IllegalArgumentException("Bug: a loop resumes at superstep " + superstep + " (expected: >= 2, after a snapshot)");
        }
    }

    /** The superstep whose snapshot the run resumes from. */
    public int snapshotSuperstep() {
        return superstep - 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IterationResume r && r.superstep == superstep && java.util.Arrays.equals(r.aggregatesBytes, aggregatesBytes)
                && r.snapshotDir.equals(snapshotDir);
    }

    @Override
    public int hashCode() {
        return Objects.hash(superstep, java.util.Arrays.hashCode(aggregatesBytes), snapshotDir);
    }

    @Override
    public String toString() {
        return "IterationResume{at superstep " + superstep + ", from " + snapshotDir + "}";
    }
}
