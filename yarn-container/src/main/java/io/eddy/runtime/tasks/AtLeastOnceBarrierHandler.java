package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.event.CancelCheckpointMarker;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import java.util.ArrayDeque;
import java.util.Iterator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * At-least-once barrier tracking: no channel is ever blocked; the task snapshots when the last live
 * channel delivers barrier n, so records after the barrier on the faster channels may already be in
 * the snapshot (they are counted again after a restore). Several checkpoints may be tracked at once
 * (oldest first); when one is taken, the older ones still open are aborted. Task thread only.
 */
final class AtLeastOnceBarrierHandler extends CheckpointBarrierHandler {

    private static final Logger LOG = LoggerFactory.getLogger(AtLeastOnceBarrierHandler.class);

    /** Checkpoints with some but not all barriers in, by increasing id. */
    private final ArrayDeque<Pending> open = new ArrayDeque<>();
    /** The newest checkpoint taken or aborted; barriers at or below it are stale. */
    private long lastDone;

    AtLeastOnceBarrierHandler(int numberOfChannels, CheckpointActions actions, String taskName) {
        super(numberOfChannels, actions, taskName);
    }

    @Override
    void processBarrier(CheckpointBarrier barrier, int channel) {
        if (barrier.id() <= lastDone) {
            LOG.debug("{}: ignoring stale barrier {} on channel {}", taskName, barrier.id(), channel);
            return;
        }
        Pending pending = find(barrier.id());
        if (pending == null) {
            pending = new Pending(barrier, numberOfChannels);
            insert(pending);
        }
        if (pending.seen[channel]) {
            throw new IllegalStateException("Bug: channel " + channel + " of '" + taskName + "' delivered barrier " + barrier.id() + " twice");
        }
        pending.seen[channel] = true;
        pending.count++;
        completeIfDone(pending);
    }

    @Override
    void processCancelMarker(CancelCheckpointMarker marker, int channel) {
        long id = marker.checkpointId();
        if (id <= lastDone) {
            return;
        }
        Pending pending = find(id);
        if (pending != null) {
            open.remove(pending);
        }
        lastDone = Math.max(lastDone, id);
        abortOlderThan(id);
        actions.abortCheckpoint(id, CheckpointAbortReason.CANCELLED_UPSTREAM);
    }

    @Override
    protected void onChannelEnded(int channel) {
        for (Pending pending : open.toArray(new Pending[0])) {
            if (open.contains(pending)) {
                completeIfDone(pending);
            }
        }
    }

    private void completeIfDone(Pending pending) {
        if (pending.count + endedWithoutBarrier(pending) < numberOfChannels) {
            return;
        }
        open.remove(pending);
        long id = pending.barrier.id();
        lastDone = Math.max(lastDone, id);
        abortOlderThan(id);
        actions.snapshotOnBarrier(pending.barrier, 0);
    }

    private int endedWithoutBarrier(Pending pending) {
        int n = 0;
        for (int c = 0; c < numberOfChannels; c++) {
            if (!pending.seen[c] && isEnded(c)) {
                n++;
            }
        }
        return n;
    }

    private void abortOlderThan(long id) {
        for (Iterator<Pending> it = open.iterator(); it.hasNext(); ) {
            Pending older = it.next();
            if (older.barrier.id() < id) {
                it.remove();
                actions.abortCheckpoint(older.barrier.id(), CheckpointAbortReason.SUBSUMED_DURING_ALIGNMENT);
            }
        }
    }

    private Pending find(long id) {
        for (Pending pending : open) {
            if (pending.barrier.id() == id) {
                return pending;
            }
        }
        return null;
    }

    private void insert(Pending pending) {
        if (open.isEmpty() || open.peekLast().barrier.id() < pending.barrier.id()) {
            open.addLast(pending);
            return;
        }
        ArrayDeque<Pending> sorted = new ArrayDeque<>();
        boolean added = false;
        for (Pending p : open) {
            if (!added && p.barrier.id() > pending.barrier.id()) {
                sorted.add(pending);
                added = true;
            }
            sorted.add(p);
        }
        open.clear();
        open.addAll(sorted);
    }

    @Override
    long alignmentNanosSoFar() {
        return 0;
    }

    /** One checkpoint whose barriers are partly in. */
    private static final class Pending {
        final CheckpointBarrier barrier;
        final boolean[] seen;
        int count;

        Pending(CheckpointBarrier barrier, int channels) {
            this.barrier = barrier;
            this.seen = new boolean[channels];
        }
    }
}
