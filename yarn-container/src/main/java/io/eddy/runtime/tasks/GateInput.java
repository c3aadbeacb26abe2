package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.api.InputStatus;
import io.eddy.runtime.io.network.api.RecordInput;
import io.eddy.runtime.streamrecord.StreamElement;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;

/**
 * What {@link StreamInputProcessor} reads from one input gate: the polling surface of a {@link
 * RecordInput}, as an interface so that the processor's ordering rules can be tested with
 * scripted gates. Task thread only.
 */
interface GateInput {

    /** The next element, event or end of input; never blocks. */
    InputStatus pollNext() throws IOException, InterruptedException;

    /** The record after {@link InputStatus#RECORD}; valid until the next poll. */
    StreamElement record();

    /** The event after {@link InputStatus#EVENT}, for logs. */
    Object event();

    /** The channel of the last element, for logs. */
    int channelIndex();

    /** Completes when the gate may have data (or has ended). */
    CompletableFuture<?> getAvailableFuture();

    /** Recycles held buffers and closes the gate. */
    void close();

    /** The number of channels of the gate. */
    int numberOfChannels();

    /** Holds {@code channel} back (barrier alignment); its data stays queued in the channel. */
    void blockChannel(int channel);

    /** Reads a blocked channel again. */
    void unblockChannel(int channel);

    /** Tells {@code listener} each channel that ends, from inside {@link #pollNext()}. */
    void setChannelEndListener(IntConsumer listener);

    /** Tells {@code listener} each channel that delivers its final watermark, from inside {@link #pollNext()}, in order with its records. */
    void setEndOfEventTimeListener(IntConsumer listener);

    /** {@code input} as a gate input. */
    static GateInput of(RecordInput<StreamElement> input) {
        return new GateInput() {
            @Override
            public InputStatus pollNext() throws IOException, InterruptedException {
                return input.pollNext();
            }

            @Override
            public StreamElement record() {
                return input.record();
            }

            @Override
            public Object event() {
                return input.event();
            }

            @Override
            public int channelIndex() {
                return input.channelIndex();
            }

            @Override
            public CompletableFuture<?> getAvailableFuture() {
                return input.getAvailableFuture();
            }

            @Override
            public void close() {
                input.close();
            }

            @Override
            public int numberOfChannels() {
                return input.numberOfChannels();
            }

            @Override
            public void blockChannel(int channel) {
                input.blockChannel(channel);
            }

            @Override
            public void unblockChannel(int channel) {
                input.unblockChannel(channel);
            }

            @Override
            public void setChannelEndListener(IntConsumer listener) {
                input.setChannelEndListener(listener);
            }

            @Override
            public void setEndOfEventTimeListener(IntConsumer listener) {
                input.setEndOfEventTimeListener(listener);
            }
        };
    }
}
