package io.eddy.runtime.io.network.partition;

/**
 * Told by a subpartition that its reader may poll again: data, an event, a failure or a release.
 * Called from the producing thread (or whoever fails/releases), outside the subpartition's lock; must
 * not block.
 */
@FunctionalInterface
public interface BufferAvailabilityListener {

    void notifyDataAvailable();
}
