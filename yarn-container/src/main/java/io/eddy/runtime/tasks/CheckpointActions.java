package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.event.CheckpointBarrier;

/**
 * What a {@link CheckpointBarrierHandler} asks of its task once the barriers of a checkpoint are
 * in: snapshot (and forward the barrier), or give the checkpoint up. Task thread only; neither
 * method throws for a failed checkpoint (a failed snapshot is declined and the task goes on).
 */
interface CheckpointActions {

    /**
     * Every input channel delivered {@code barrier} (or ended): snapshot the chain, forward the
     * barrier on every output and acknowledge asynchronously.
     *
     * @param alignmentNanos how long channels were held back for this checkpoint (0 without alignment)
     */
    void snapshotOnBarrier(CheckpointBarrier barrier, long alignmentNanos);

    /**
     * Checkpoint {@code checkpointId} will not be taken by this task: forward a {@code
     * CancelCheckpointMarker} on every output and, unless the abort came from upstream (whose task
     * declined already), decline it to the master.
     */
    void abortCheckpoint(long checkpointId, CheckpointAbortReason reason);
}
