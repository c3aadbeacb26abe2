package io.eddy.runtime.io.network.api;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.runtime.io.network.buffer.OpaqueCount;
import io.eddy.runtime.io.network.event.EndOfEventTimeEvent;
import io.eddy.runtime.io.network.event.EndOfPartitionEvent;
import io.eddy.runtime.io.network.event.RuntimeEvent;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import io.eddy.runtime.io.network.partition.consumer.BufferOrEvent;
import io.eddy.runtime.io.network.partition.consumer.InputGate;
import io.eddy.runtime.io.network.serialization.RecordDeserializer;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntConsumer;

/**
 * Reads the records and events of one input gate, non-blocking: {@link #pollNext()} says what it
 * found. A record is read out of the buffer of its channel; records spanning buffers are
 * reassembled per channel. End-of-partition events are consumed here: when every channel has
 * delivered one, the status is {@link InputStatus#END_OF_INPUT}. So is a channel's final
 * watermark ({@link EndOfEventTimeEvent}) when an {@link #setEndOfEventTimeListener end-of-event-time
 * listener} is set: both pass once per channel and job, and handling them off the record path
 * keeps that path's compiled code valid when they come.
 *
 * <p>Threads: task thread only.
 */
public final class RecordInput<T> {

    private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

    private final InputGate gate;
    private final RecordDeserializer<T>[] deserializers;
    private final ObjectRecordAdapter<T> objectAdapter;
    private ObjectSubpartition.Slice objects;
    private int objectsPos;
    private RecordDeserializer<T> current;
    private int currentChannel;
    private T record;
    private RuntimeEvent event;
    private int channelIndex = -1;
    private IntConsumer channelEndListener;
    private IntConsumer endOfEventTimeListener;
    /** The record bytes of the buffers read from the gate (records handed over as objects have none). */
    private final OpaqueCount bytesRead = new OpaqueCount();

    public RecordInput(InputGate gate, TypeSerializer<T> serializer) {
        this(gate, serializer, null);
    }

    /**
     * @param objectAdapter turns records handed over as objects (local object channels) into {@code
     *     T}; null if the gate has no object channels
     */
    @SuppressWarnings("unchecked")
    public RecordInput(InputGate gate, TypeSerializer<T> serializer, ObjectRecordAdapter<T> objectAdapter) {
        this.gate = gate;
        this.objectAdapter = objectAdapter;
        this.deserializers = (RecordDeserializer<T>[]) new RecordDeserializer<?>[gate.numberOfChannels()];
        for (int i = 0; i < deserializers.length; i++) {
            deserializers[i] = new RecordDeserializer<>(serializer.duplicate());
        }
    }

    /**
     * Reads the next record or event.
     *
     * @throws IOException if a channel failed (producer failure, lost connection, missing partition)
     *     or a record cannot be deserialized
     */
    public InputStatus pollNext() throws IOException, InterruptedException {
        while (true) {
            ObjectSubpartition.Slice slice = objects;
            if (slice != null) {
                int pos = objectsPos;
                if (pos < slice.to()) {
                    objectsPos = pos + 1;
                    record = objectAdapter.toRecord(slice.values()[pos], slice.timestamps()[pos], slice.keys()[pos], slice.keyGroups()[pos],
                            currentChannel);
                    event = null;
                    channelIndex = currentChannel;
                    return InputStatus.RECORD;
                }
                objects = null;
            }
            if (current != null) {
                if (current.readNext()) {
                    record = current.record();
                    event = null;
                    channelIndex = currentChannel;
                    return InputStatus.RECORD;
                }
                current = null;
            }
            Optional<BufferOrEvent> next = gate.pollNext();
            if (next.isEmpty()) {
                return gate.isFinished() ? InputStatus.END_OF_INPUT : InputStatus.NOTHING_AVAILABLE;
            }
            BufferOrEvent element = next.get();
            int channel = element.channelIndex();
            if (element.isObjects()) {
                if (objectAdapter == null) {
                    throw new IllegalStateException("Bug: channel " + channel + " hands over objects, but this record input has no"
                            + " ObjectRecordAdapter");
                }
                objects = element.objects();
                objectsPos = objects.from();
                currentChannel = channel;
                continue;
            }
            if (element.isBuffer()) {
                bytesRead.add(element.buffer().length());
                current = deserializers[channel];
                currentChannel = channel;
                current.setNextBuffer(element.buffer());
                continue;
            }
            RuntimeEvent channelEvent = element.event();
            if (channelEvent instanceof EndOfPartitionEvent) {
                checkNoPartialRecord(channel, "ended");
                if (channelEndListener != null) {
                    channelEndListener.accept(channel);
                }
                continue;
            }
            if (channelEvent instanceof EndOfEventTimeEvent && endOfEventTimeListener != null) {
                checkNoPartialRecord(channel, "sent its final watermark");
                endOfEventTimeListener.accept(channel);
                continue;
            }
            record = null;
            event = channelEvent;
            channelIndex = channel;
            return InputStatus.EVENT;
        }
    }

    private void checkNoPartialRecord(int channel, String what) throws IOException {
        if (deserializers[channel].hasPartialRecord()) {
            throw new IOException("Channel " + channel + " " + what + " in the middle of a record: the producer's serializer wrote"
                    + " fewer bytes than announced, or the stream is corrupt");
        }
    }

    /**
     * Tells {@code listener} the index of each channel that delivers its end of partition, from
     * inside {@link #pollNext()} (before it goes on reading). Checkpoint alignment counts ended
     * channels as having delivered every barrier. Task thread.
     */
    public void setChannelEndListener(IntConsumer listener) {
        this.channelEndListener = listener;
    }

    /**
     * Tells {@code listener} the index of each channel that delivers its final watermark (an
     * {@link EndOfEventTimeEvent}), from inside {@link #pollNext()}, in order with the channel's
     * records; such events are then not returned as {@link InputStatus#EVENT}. The listener runs
     * operator code (timers fire, windows emit). Task thread.
     */
    public void setEndOfEventTimeListener(IntConsumer listener) {
        this.endOfEventTimeListener = listener;
    }

    /** The number of channels of the gate. */
    /** The record bytes read from network buffers so far (read by the metrics reporter). */
    public OpaqueCount bytesRead() {
        return bytesRead;
    }

    /** The gate this input reads. */
    public InputGate gate() {
        return gate;
    }

    public int numberOfChannels() {
        return deserializers.length;
    }

    /**
     * Holds channel {@code channel} back until {@link #unblockChannel}: its data stays queued in the
     * channel (checkpoint alignment). Call only right after {@link #pollNext()} returned an event of
     * that channel, when nothing of it is buffered here. Task thread.
     */
    public void blockChannel(int channel) {
        gate.blockChannel(channel);
    }

    /** Lets a blocked channel be read again. Task thread. */
    public void unblockChannel(int channel) {
        gate.unblockChannel(channel);
    }

    /** The record found by the last {@link #pollNext()} that returned {@link InputStatus#RECORD}. */
    public T record() {
        return record;
    }

    /** The event found by the last {@link #pollNext()} that returned {@link InputStatus#EVENT}. */
    public RuntimeEvent event() {
        return event;
    }

    /** The channel (producer subtask) of the last record or event. */
    public int channelIndex() {
        return channelIndex;
    }

    /** Completed if {@link #pollNext()} may find something now; otherwise completes when it may. */
    public CompletableFuture<?> getAvailableFuture() {
        return current != null || objects != null ? AVAILABLE : gate.getAvailableFuture();
    }

    /** Recycles buffers held for partial records and closes the gate. Task thread; idempotent. */
    public void close() {
        current = null;
        objects = null;
        for (RecordDeserializer<T> deserializer : deserializers) {
            deserializer.clear();
        }
        gate.close();
    }
}
