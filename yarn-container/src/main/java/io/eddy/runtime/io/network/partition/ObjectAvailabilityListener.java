package io.eddy.runtime.io.network.partition;

/**
 * Told by an {@link ObjectSubpartition} that its consumer may poll again. Called from the producer,
 * the output flusher, or whoever fails or releases the subpartition; must not block.
 */
@FunctionalInterface
public interface ObjectAvailabilityListener {

    void notifyObjectsAvailable();
}
