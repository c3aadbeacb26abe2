package io.eddy.runtime.io.network.netty;

import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import io.eddy.runtime.io.network.partition.BufferAvailabilityListener;
import io.eddy.runtime.io.network.partition.SubpartitionView;
import java.io.IOException;

/**
 * The server's reader of one subpartition for one remote receiver: sends a buffer only against a
 * credit the receiver announced. Failures are sent regardless of credit.
 *
 * <p>Threads: all fields belong to the connection's event loop, except that the subpartition calls
 * {@link #notifyDataAvailable()} from the producing thread, which only schedules work on the loop.
 */
final class CreditBasedReader implements BufferAvailabilityListener {

    private final int receiverId;
    private final PartitionRequestQueue queue;
    private SubpartitionView view;
    private int credit;
    private int sequenceNumber;
    /** Whether the reader is in the queue's list of readers to serve. */
    boolean queued;
    boolean released;

    CreditBasedReader(int receiverId, int initialCredit, PartitionRequestQueue queue) {
        this.receiverId = receiverId;
        this.credit = initialCredit;
        this.queue = queue;
    }

    void setView(SubpartitionView view) {
        this.view = view;
    }

    int receiverId() {
        return receiverId;
    }

    int credit() {
        return credit;
    }

    void addCredit(int more) {
        credit += more;
    }

    int nextSequenceNumber() {
        return sequenceNumber++;
    }

    /** Whether {@link #poll()} would return something (or throw). */
    boolean isAvailable() {
        if (view == null || released || !view.isAvailable()) {
            return false;
        }
        return credit > 0 || view.isErroneous();
    }

    /** The next buffer, taking one credit; null if there is no credit or no data. */
    BufferAndBacklog poll() throws IOException {
        if (credit <= 0 && !view.isErroneous()) {
            return null;
        }
        BufferAndBacklog next = view.getNextBuffer();
        if (next != null) {
            credit--;
        }
        return next;
    }

    @Override
    public void notifyDataAvailable() {
        queue.notifyReaderNonEmptyFromAnyThread(this);
    }

    void release() {
        if (!released) {
            released = true;
            if (view != null) {
                view.release();
            }
        }
    }
}
