package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.operators.LaneInput;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.streamrecord.StreamElement;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;

/**
 * A head operator's {@link LaneInput} as one more gate of the {@link StreamInputProcessor}: a gate
 * without channels, so barrier alignment and watermark valves never count it, that returns
 * records, nothing or its end. A failure of the lane input fails the task naming the head. Task
 * thread only.
 */
final class LaneGateInput implements GateInput {

    private final LaneInput input;
    private final String headName;

    LaneGateInput(LaneInput input, String headName) {
        this.input = input;
        this.headName = headName;
    }

    @Override
    public InputStatus pollNext() {
        LaneInput.Status status;
        try {
            status = input.poll();
        } catch (Exception e) {
            throw OperatorFailureException.wrap(headName, OperatorFailureException.Phase.LANE_INPUT, e);
        }
        return switch (status) {
            case RECORD -> InputStatus.RECORD;
            case NOTHING_AVAILABLE -> InputStatus.NOTHING_AVAILABLE;
            case END_OF_INPUT -> InputStatus.END_OF_INPUT;
        };
    }

    @Override
    public StreamElement record() {
        return input.record();
    }

    @Override
    public Object event() {
        throw new IllegalStateException("Bug: the lane input of '" + headName + "' has no events");
    }

    @Override
    public int channelIndex() {
        return 0;
    }

    @Override
    public CompletableFuture<?> getAvailableFuture() {
        return input.available();
    }

    @Override
    public void close() {
        // The head operator owns its lane input and closes it with itself.
    }

    @Override
    public int numberOfChannels() {
        return 0;
    }

    @Override
    public void blockChannel(int channel) {
        throw new IllegalStateException("Bug: channel " + channel + " of the lane input of '" + headName + "' blocked: it has no channels");
    }

    @Override
    public void unblockChannel(int channel) {
        throw new IllegalStateException("Bug: channel " + channel + " of the lane input of '" + headName + "' unblocked: it has no channels");
    }

    @Override
    public void setChannelEndListener(IntConsumer listener) {
        // No channels.
    }

    @Override
    public void setEndOfEventTimeListener(IntConsumer listener) {
        // No channels, no event time.
    }
}
