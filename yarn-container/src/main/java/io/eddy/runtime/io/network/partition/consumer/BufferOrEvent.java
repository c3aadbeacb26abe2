package io.eddy.runtime.io.network.partition.consumer;

import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.event.RuntimeEvent;

/**
 * What an input gate hands out: a buffer of serialized records (the receiver recycles it), a run of
 * records handed over as objects by a local producer (valid until the gate is polled again), or a
 * deserialized event, with the index of the channel it came from.
 */
public record BufferOrEvent(Buffer buffer, ObjectSubpartition.Slice objects, RuntimeEvent event, int channelIndex) {

    public static BufferOrEvent ofBuffer(Buffer buffer, int channelIndex) {
        return new BufferOrEvent(buffer, null, null, channelIndex);
    }

    public static BufferOrEvent ofObjects(ObjectSubpartition.Slice objects, int channelIndex) {
        return new BufferOrEvent(null, objects, null, channelIndex);
    }

    public static BufferOrEvent ofEvent(RuntimeEvent event, int channelIndex) {
        return new BufferOrEvent(null, null, event, channelIndex);
    }

    public boolean isObjects() {
        return objects != null;
    }

    public boolean isBuffer() {
        return buffer != null;
    }
}
