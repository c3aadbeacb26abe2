package io.eddy.runtime.tasks;

/** Why a task gave up a checkpoint during barrier handling. */
enum CheckpointAbortReason {
    /** A barrier of a newer checkpoint arrived before every channel delivered this one's. */
    SUBSUMED_DURING_ALIGNMENT("a barrier of a newer checkpoint arrived before this one was aligned"),
    /** An upstream task sent a {@code CancelCheckpointMarker}: it declined the checkpoint itself. */
    CANCELLED_UPSTREAM("an upstream task cancelled it");

    private final String text;

    CheckpointAbortReason(String text) {
        this.text = text;
    }

    /** Whether the master must hear a decline from this task (an upstream cancel was declined there already). */
    boolean declines() {
        return this != CANCELLED_UPSTREAM;
    }

    @Override
    public String toString() {
        return text;
    }
}
