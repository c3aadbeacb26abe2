package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.event.CancelCheckpointMarker;
import io.eddy.runtime.io.network.event.CheckpointBarrier;
import java.util.Locale;

/**
 * Decides, from the barriers and cancel markers that a task's input channels deliver, when the
 * task snapshots and which channels it holds back (docs/checkpointing.md, "Barrier flow").
 * Channels are numbered across all data gates of the task.
 *
 * <ul>
 *   <li>{@link AlignedBarrierHandler} (exactly-once): blocks each channel that delivered barrier n
 *       until all have; then snapshots and unblocks them.
 *   <li>{@link AtLeastOnceBarrierHandler}: blocks nothing; snapshots when the last channel delivers
 *       barrier n.
 * </ul>
 *
 * <p>Channels that have ended count as having delivered every barrier. Task thread only.
 */
abstract class CheckpointBarrierHandler {

    /** The checkpointing mode names of {@code CheckpointingOptions.MODE}. */
    static final String EXACTLY_ONCE = "EXACTLY_ONCE";
    static final String AT_LEAST_ONCE = "AT_LEAST_ONCE";

    protected final int numberOfChannels;
    protected final CheckpointActions actions;
    protected final String taskName;
    private final boolean[] ended;
    private int endedChannels;

    protected CheckpointBarrierHandler(int numberOfChannels, CheckpointActions actions, String taskName) {
        if (numberOfChannels <= 0) {
            throw new IllegalArgumentException("Bug: a barrier handler for '" + taskName + "' with " + numberOfChannels + " channels");
        }
        this.numberOfChannels = numberOfChannels;
        this.actions = actions;
        this.taskName = taskName;
        this.ended = new boolean[numberOfChannels];
    }

    /**
     * The handler for {@code mode} ({@code CheckpointingOptions.MODE}).
     *
     * @throws IllegalArgumentException if the mode is neither EXACTLY_ONCE nor AT_LEAST_ONCE
     */
    static CheckpointBarrierHandler create(String mode, int numberOfChannels, CheckpointActions actions, ChannelBlocker blocker,
            String taskName) {
        return switch (mode.trim().toUpperCase(Locale.ROOT)) {
            case EXACTLY_ONCE -> new AlignedBarrierHandler(numberOfChannels, actions, blocker, taskName);
            case AT_LEAST_ONCE -> new AtLeastOnceBarrierHandler(numberOfChannels, actions, taskName);
            default -> throw new IllegalArgumentException("execution.checkpointing.mode: '" + mode
                    + "' (expected: EXACTLY_ONCE or AT_LEAST_ONCE; set it with env.enableCheckpointing(interval, mode))");
        };
    }

    /** {@code channel} delivered {@code barrier}. */
    abstract void processBarrier(CheckpointBarrier barrier, int channel);

    /** {@code channel} delivered {@code marker}: its checkpoint was aborted upstream. */
    abstract void processCancelMarker(CancelCheckpointMarker marker, int channel);

    /** Called after a channel ended, when it had not delivered the barriers being waited for. */
    protected abstract void onChannelEnded(int channel);

    /** {@code channel} delivered its end of partition: from now on it counts as having delivered every barrier. */
    final void channelEnded(int channel) {
        if (ended[channel]) {
            return;
        }
        ended[channel] = true;
        endedChannels++;
        onChannelEnded(channel);
    }

    protected final boolean isEnded(int channel) {
        return ended[channel];
    }

    /** The number of channels that have not ended. */
    protected final int liveChannels() {
        return numberOfChannels - endedChannels;
    }

    /** How long channels were held back for the checkpoint in progress (for tests and metrics). */
    abstract long alignmentNanosSoFar();
}
