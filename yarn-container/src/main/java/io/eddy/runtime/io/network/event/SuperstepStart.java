package io.eddy.runtime.io.network.event;

import java.util.Arrays;
import java.util.Objects;

/**
 * The start of superstep {@code superstep} (from 2) of a loop on one channel, ahead of every
 * record of that superstep on the channel (docs/iterations.md). The first one a task of the loop
 * sees on any of its dynamic channels starts the superstep in that task; the copies on its other
 * channels are dropped.
 *
 * @param superstep the superstep that starts, from 2
 * @param aggregatesBytes the combined aggregates of superstep {@code superstep - 1}: the
 *     Java-serialized {@code HashMap<String, Serializable>} of the master's decision (user classes)
 */
public record SuperstepStart(int superstep, byte[] aggregatesBytes) implements RuntimeEvent {

    public SuperstepStart {
        Objects.requireNonNull(aggregatesBytes, "aggregatesBytes");
        if (superstep < 2) {
            throw new IllegalArgumentException("superstep: " + superstep + " (expected: >= 2; superstep 1 starts with the task)");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SuperstepStart other && superstep == other.superstep && Arrays.equals(aggregatesBytes, other.aggregatesBytes);
    }

    @Override
    public int hashCode() {
        return 31 * superstep + Arrays.hashCode(aggregatesBytes);
    }

    @Override
    public String toString() {
        return "SuperstepStart{" + superstep + ", " + aggregatesBytes.length + " bytes of aggregates}";
    }
}
