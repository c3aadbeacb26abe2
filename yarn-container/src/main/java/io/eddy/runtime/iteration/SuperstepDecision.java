package io.eddy.runtime.iteration;

import java.util.Objects;

/**
 * The master's decision after every task of a loop finished superstep {@code superstep}
 * (docs/iterations.md, the superstep protocol), sent to the loop's head tasks.
 *
 * @param superstep the superstep that ended, from 1
 * @param terminate true if the loop ends now (the head emits the result); false if superstep
 *     {@code superstep + 1} runs
 * @param reason why the loop ends or goes on, for logs (e.g. {@code "maximum of 10 supersteps"})
 * @param aggregatesBytes the Java-serialized {@code HashMap<String, Serializable>} of the combined
 *     aggregates of {@code superstep}, by aggregator name (user classes: read with the job's class loader)
 * @param snapshotDirOrNull where the heads write the snapshot of superstep {@code superstep} (one file
 *     per lane, docs/iterations.md "Snapshots and recovery"), or null when none is taken; only with continue
 */
public record SuperstepDecision(int superstep, boolean terminate, String reason, byte[] aggregatesBytes, String snapshotDirOrNull) {

    public SuperstepDecision {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(aggregatesBytes, "aggregatesBytes");
        if (superstep < 1) {
            throw new IllegalArgumentException("Bug: a decision after superstep " + superstep + " (expected: >= 1)");
        }
        if (terminate && snapshotDirOrNull != null) {
            throw new IllegalArgumentException("Bug: a decision to terminate after superstep " + superstep + " asks for a snapshot");
        }
    }

    /** A decision without a snapshot. */
    public SuperstepDecision(int superstep, boolean terminate, String reason, byte[] aggregatesBytes) {
        this(superstep, terminate, reason, aggregatesBytes, null);
    }

    @Override
    public String toString() {
        return "SuperstepDecision{after " + superstep + ": " + (terminate ? "terminate" : "continue") + ", " + reason
                + (snapshotDirOrNull != null ? ", snapshot to " + snapshotDirOrNull : "") + "}";
    }
}
