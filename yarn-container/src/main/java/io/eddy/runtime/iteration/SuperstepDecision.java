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
 */
public record SuperstepDecision(int superstep, boolean terminate, String reason, byte[] aggregatesBytes) {

    public SuperstepDecision {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(aggregatesBytes, "aggregatesBytes");
        if (superstep < 1) {
            throw new IllegalArgumentException("Bug: a decision after superstep " + superstep + " (expected: >= 1)");
        }
    }

    @Override
    public String toString() {
        return "SuperstepDecision{after " + superstep + ": " + (terminate ? "terminate" : "continue") + ", " + reason + "}";
    }
}
