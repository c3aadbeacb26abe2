package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.event.CancelCheckpointMarker;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exactly-once barrier alignment. A channel that delivered barrier n is blocked (not polled; its
 * records stay queued and back-pressure its producer) until every live channel has delivered n;
 * then the task snapshots, and only after that the channels are unblocked, so no record after the
 * barrier reaches the operators before the snapshot.
 *
 * <pre>
 *   idle --barrier n (n > last)--> aligning n --all live channels delivered n--> snapshot, unblock --> idle
 *                                      |  barrier m > n: abort n (decline), unblock, align m
 *                                      |  cancel marker n (or newer): abort n, forward the marker, unblock
 * </pre>
 *
 * Barriers and markers of a checkpoint at or below the last one seen and not being aligned are
 * stale (it completed or was aborted) and ignored. Task thread only.
 */
final class AlignedBarrierHandler extends CheckpointBarrierHandler {

    private static final Logger LOG = LoggerFactory.getLogger(AlignedBarrierHandler.class);

    private final ChannelBlocker blocker;
    private final boolean[] received;
    /** The latest checkpoint seen (aligned, completed or aborted); 0 before the first. */
    private long currentId;
    private CheckpointBarrier currentBarrier;
    private boolean aligning;
    /** Live channels that have not delivered the current barrier. */
    private int pending;
    private long alignmentStart;

    AlignedBarrierHandler(int numberOfChannels, CheckpointActions actions, ChannelBlocker blocker, String taskName) {
        super(numberOfChannels, actions, taskName);
        this.blocker = blocker;
        this.received = new boolean[numberOfChannels];
    }

    @Override
    void processBarrier(CheckpointBarrier barrier, int channel) {
        long id = barrier.id();
        if (id > currentId) {
            if (aligning) {
                LOG.debug("{}: barrier {} on channel {} overtakes checkpoint {}; aborting it", taskName, id, channel, currentId);
                long subsumed = currentId;
                endAlignment();
                actions.abortCheckpoint(subsumed, CheckpointAbortReason.SUBSUMED_DURING_ALIGNMENT);
            }
            startAlignment(barrier);
        } else if (id < currentId || !aligning) {
            LOG.debug("{}: ignoring stale barrier {} on channel {} (latest checkpoint {})", taskName, id, channel, currentId);
            return;
        }
        if (received[channel]) {
            throw new IllegalStateException("Bug: channel " + channel + " of '" + taskName + "' delivered barrier " + id + " twice");
        }
        received[channel] = true;
        pending--;
        if (pending == 0) {
            completeAlignment();
        } else {
            blocker.block(channel);
        }
    }

    @Override
    void processCancelMarker(CancelCheckpointMarker marker, int channel) {
        long id = marker.checkpointId();
        if (id < currentId || (id == currentId && !aligning)) {
            return;
        }
        if (aligning) {
            long aborted = currentId;
            endAlignment();
            if (aborted != id) {
                actions.abortCheckpoint(aborted, CheckpointAbortReason.SUBSUMED_DURING_ALIGNMENT);
            }
        }
        currentId = id;
        LOG.debug("{}: checkpoint {} cancelled upstream (marker on channel {})", taskName, id, channel);
        actions.abortCheckpoint(id, CheckpointAbortReason.CANCELLED_UPSTREAM);
    }

    @Override
    protected void onChannelEnded(int channel) {
        if (aligning && !received[channel]) {
            pending--;
            if (pending == 0) {
                completeAlignment();
            }
        }
    }

    private void startAlignment(CheckpointBarrier barrier) {
        currentId = barrier.id();
        currentBarrier = barrier;
        aligning = true;
        pending = liveChannels();
        alignmentStart = System.nanoTime();
    }

    private void completeAlignment() {
        long alignment = System.nanoTime() - alignmentStart;
        CheckpointBarrier barrier = currentBarrier;
        aligning = false;
        // Snapshot first, then unblock: records behind the barrier must not reach the operators before it.
        actions.snapshotOnBarrier(barrier, alignment);
        unblockAll();
    }

    /** Stops aligning and unblocks the channels held back. */
    private void endAlignment() {
        aligning = false;
        unblockAll();
    }

    private void unblockAll() {
        currentBarrier = null;
        for (int c = 0; c < received.length; c++) {
            if (received[c]) {
                received[c] = false;
                blocker.unblock(c);
            }
        }
    }

    @Override
    long alignmentNanosSoFar() {
        return aligning ? System.nanoTime() - alignmentStart : 0;
    }

    /** Whether {@code channel} is held back now (for tests). */
    boolean isBlocked(int channel) {
        return aligning && received[channel];
    }
}
