package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.event.RuntimeEvent;

/**
 * What an input gate hands out: a buffer of serialized records (the receiver recycles it) or a
 * deserialized event, with the index of the channel it came from.
 */
public record BufferOrEvent(Buffer buffer, RuntimeEvent event, int channelIndex) {

    public static BufferOrEvent ofBuffer(Buffer buffer, int channelIndex) {
        return new BufferOrEvent(buffer, null, channelIndex);
    }

    public static BufferOrEvent ofEvent(RuntimeEvent event, int channelIndex) {
        return new BufferOrEvent(null, event, channelIndex);
    }

    public boolean isBuffer() {
        return buffer != null;
    }
}
