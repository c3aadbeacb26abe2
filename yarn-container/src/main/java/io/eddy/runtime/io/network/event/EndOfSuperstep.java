package io.eddy.runtime.io.network.event;

/**
 * The end of superstep {@code superstep} of a loop on one channel (docs/iterations.md): every
 * record of that superstep on the channel came before it. A consumer in the loop aligns it over
 * the channels of its dynamic gates like a barrier: a channel that delivered it is not read again
 * until every dynamic channel did, and the consumer's superstep has ended.
 *
 * @param superstep the superstep that ended on the channel, from 1
 */
public record EndOfSuperstep(int superstep) implements RuntimeEvent {

    public EndOfSuperstep {
        if (superstep < 1) {
            throw new IllegalArgumentException("superstep: " + superstep + " (expected: >= 1)");
        }
    }
}
