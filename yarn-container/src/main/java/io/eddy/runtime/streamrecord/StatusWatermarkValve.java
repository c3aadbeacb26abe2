package io.eddy.runtime.streamrecord;

/**
 * Combines the watermarks and watermark statuses of several input channels into one event time:
 * the minimum of the last watermark of every <i>active</i> channel. It emits a watermark only when
 * that minimum advances (never one that goes back), and emits {@link WatermarkStatus#IDLE} when all
 * channels have become idle, {@link WatermarkStatus#ACTIVE} when one of them becomes active again.
 *
 * <p>Rules, per channel:
 * <ul>
 *   <li>A watermark that does not advance the channel's watermark is ignored; so is a watermark
 *       on an idle channel (a producer sends {@code ACTIVE} before it sends watermarks again).
 *   <li>A channel that became active again takes part in the minimum only once its watermark has
 *       caught up with the emitted one (it is <i>aligned</i>), so the output never goes back.
 *   <li>When the last active channel becomes idle, the highest watermark of all channels is
 *       emitted (if it advances) before {@code IDLE}: nothing held it back any more.
 *   <li>A channel that has not sent a watermark yet holds the minimum at {@code Long.MIN_VALUE}.
 * </ul>
 *
 * <p>Used per logical input of a task (over all channels of all gates feeding it) and by
 * two-input operators over their two inputs. Task thread only.
 */
public final class StatusWatermarkValve {

    /** Where the valve emits; called on the task thread, from within the input calls. */
    public interface ValveOutput {
        void emitWatermark(Watermark watermark) throws Exception;

        void emitWatermarkStatus(WatermarkStatus status) throws Exception;
    }

    private final long[] watermarks;
    private final boolean[] idle;
    private final boolean[] aligned;
    private long lastOutput = Long.MIN_VALUE;
    private boolean outputIdle;

    /** @param channels the number of input channels (at least 1) */
    public StatusWatermarkValve(int channels) {
        if (channels < 1) {
            throw new IllegalArgumentException("Bug: a watermark valve needs at least one channel, got " + channels);
        }
        this.watermarks = new long[channels];
        this.idle = new boolean[channels];
        this.aligned = new boolean[channels];
        for (int i = 0; i < channels; i++) {
            watermarks[i] = Long.MIN_VALUE;
            aligned[i] = true;
        }
    }

    public int numberOfChannels() {
        return watermarks.length;
    }

    /** The last emitted watermark's timestamp, or {@code Long.MIN_VALUE}. */
    public long currentWatermark() {
        return lastOutput;
    }

    /** Whether every channel is idle (and so is the output). */
    public boolean isIdle() {
        return outputIdle;
    }

    /** A watermark arrived on {@code channel}. */
    public void inputWatermark(Watermark watermark, int channel, ValveOutput output) throws Exception {
        long timestamp = watermark.getTimestamp();
        if (idle[channel] || timestamp <= watermarks[channel]) {
            return;
        }
        watermarks[channel] = timestamp;
        if (!aligned[channel] && timestamp >= lastOutput) {
            aligned[channel] = true;
        }
        emitNewMinimum(output);
    }

    /** A watermark status arrived on {@code channel}. */
    public void inputWatermarkStatus(WatermarkStatus status, int channel, ValveOutput output) throws Exception {
        if (status.isIdle() && !idle[channel]) {
            idle[channel] = true;
            aligned[channel] = false;
            if (allIdle()) {
                emitMaximum(output);
                outputIdle = true;
                output.emitWatermarkStatus(WatermarkStatus.IDLE);
            } else {
                // This channel may have held the minimum back.
                emitNewMinimum(output);
            }
        } else if (status.isActive() && idle[channel]) {
            idle[channel] = false;
            aligned[channel] = watermarks[channel] >= lastOutput;
            if (outputIdle) {
                outputIdle = false;
                output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
            }
        }
    }

    private void emitNewMinimum(ValveOutput output) throws Exception {
        long min = Long.MAX_VALUE;
        boolean any = false;
        for (int i = 0; i < watermarks.length; i++) {
            if (aligned[i] && !idle[i]) {
                any = true;
                min = Math.min(min, watermarks[i]);
            }
        }
        if (any && min > lastOutput) {
            lastOutput = min;
            output.emitWatermark(min == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(min));
        }
    }

    private void emitMaximum(ValveOutput output) throws Exception {
        long max = Long.MIN_VALUE;
        for (long watermark : watermarks) {
            max = Math.max(max, watermark);
        }
        if (max > lastOutput) {
            lastOutput = max;
            output.emitWatermark(max == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(max));
        }
    }

    private boolean allIdle() {
        for (boolean channelIdle : idle) {
            if (!channelIdle) {
                return false;
            }
        }
        return true;
    }
}
