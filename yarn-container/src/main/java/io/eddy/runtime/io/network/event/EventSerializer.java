package io.eddy.runtime.io.network.event;

import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferRecycler;
import io.eddy.runtime.io.network.serialization.SegmentInputView;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns {@link RuntimeEvent}s into buffers and back: a 4-byte type id followed by the payload
 * written by the type's {@link EventCodec}. The registry is process-wide because both ends of a
 * connection must agree on ids; {@link EndOfPartitionEvent} is id 0, {@link CheckpointBarrier} 1,
 * {@link CancelCheckpointMarker} 2, {@link EndOfEventTimeEvent} 3, {@link EndOfSuperstep} 4 and
 * {@link SuperstepStart} 5 (registered here, so every worker knows them). Later features register
 * their events once, e.g. in a static initializer of the component that emits them, with ids from 6
 * upward. Thread-safe.
 */
public final class EventSerializer {

    /** Type id of {@link EndOfPartitionEvent}. */
    public static final int END_OF_PARTITION = 0;
    /** Type id of {@link CheckpointBarrier}. */
    public static final int CHECKPOINT_BARRIER = 1;
    /** Type id of {@link CancelCheckpointMarker}. */
    public static final int CANCEL_CHECKPOINT_MARKER = 2;
    /** Type id of {@link EndOfEventTimeEvent}. */
    public static final int END_OF_EVENT_TIME = 3;
    /** Type id of {@link EndOfSuperstep}. */
    public static final int END_OF_SUPERSTEP = 4;
    /** Type id of {@link SuperstepStart}. */
    public static final int SUPERSTEP_START = 5;

    private static final Map<Integer, Registration<?>> BY_ID = new ConcurrentHashMap<>();
    private static final Map<Class<?>, Registration<?>> BY_CLASS = new ConcurrentHashMap<>();

    static {
        register(END_OF_PARTITION, EndOfPartitionEvent.class, EventCodec.singleton(EndOfPartitionEvent.INSTANCE));
        register(CHECKPOINT_BARRIER, CheckpointBarrier.class, CheckpointEventCodecs.BARRIER);
        register(CANCEL_CHECKPOINT_MARKER, CancelCheckpointMarker.class, CheckpointEventCodecs.CANCEL_MARKER);
        register(END_OF_EVENT_TIME, EndOfEventTimeEvent.class, EventCodec.singleton(EndOfEventTimeEvent.INSTANCE));
        register(END_OF_SUPERSTEP, EndOfSuperstep.class, SuperstepEventCodecs.END_OF_SUPERSTEP);
        register(SUPERSTEP_START, SuperstepStart.class, SuperstepEventCodecs.SUPERSTEP_START);
    }

    private record Registration<E extends RuntimeEvent>(int typeId, Class<E> type, EventCodec<E> codec) {}

    private EventSerializer() {}

    /**
     * Registers an event type. Registering the same class under the same id again is a no-op.
     *
     * @throws IllegalArgumentException if the id or the class is already registered differently
     */
    public static synchronized <E extends RuntimeEvent> void register(int typeId, Class<E> type, EventCodec<E> codec) {
        Registration<?> byId = BY_ID.get(typeId);
        Registration<?> byClass = BY_CLASS.get(type);
        if (byId != null && byId.type() == type) {
            return;
        }
        if (byId != null) {
            throw new IllegalArgumentException("event type id " + typeId + " for " + type.getName() + " is already taken by "
                    + byId.type().getName() + " (expected: an unused id)");
        }
        if (byClass != null) {
            throw new IllegalArgumentException("event class " + type.getName() + " is already registered with type id " + byClass.typeId());
        }
        Registration<E> registration = new Registration<>(typeId, type, codec);
        BY_ID.put(typeId, registration);
        BY_CLASS.put(type, registration);
    }

    /**
     * Serializes {@code event} into a new unpooled buffer flagged as event. The buffer is off-heap
     * like the network's pooled buffers: the code that moves buffers (segment access, Netty's write
     * path, which would copy a heap buffer into a direct one) then sees one kind of memory, and the
     * compiled forms of those paths are not invalidated when the first event of a job passes.
     */
    public static Buffer toBuffer(RuntimeEvent event) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        write(event, out);
        MemorySegment segment = MemorySegment.allocateDirect(out.length(), null);
        segment.put(0, out.getSharedBuffer(), 0, out.length());
        return Buffer.owning(segment, out.length(), true, BufferRecycler.UNPOOLED);
    }

    /** Writes the type id and the payload of {@code event} into {@code out}, which is cleared first. */
    @SuppressWarnings("unchecked")
    public static void write(RuntimeEvent event, DataOutputSerializer out) throws IOException {
        Registration<RuntimeEvent> registration = (Registration<RuntimeEvent>) BY_CLASS.get(event.getClass());
        if (registration == null) {
            throw new IllegalArgumentException("event " + event.getClass().getName()
                    + " is not registered: call EventSerializer.register(typeId, type, codec) before sending it");
        }
        out.clear();
        out.writeInt(registration.typeId());
        registration.codec().write(event, out);
    }

    /** Reads the event held by {@code buffer} (the buffer is not recycled). */
    public static RuntimeEvent fromBuffer(Buffer buffer) throws IOException {
        SegmentInputView in = new SegmentInputView();
        in.reset(buffer.segment(), buffer.offset(), buffer.offset() + buffer.length());
        int typeId = in.readInt();
        Registration<?> registration = BY_ID.get(typeId);
        if (registration == null) {
            throw new IOException("Received an event with unknown type id " + typeId
                    + ": producer and consumer run different versions, or the event type was not registered on this worker");
        }
        return registration.codec().read(in);
    }

    /** Whether {@code buffer} holds an {@link EndOfPartitionEvent}, without deserializing it. */
    public static boolean isEndOfPartition(Buffer buffer) {
        return buffer.isEvent() && buffer.length() == 4 && buffer.segment().getInt(buffer.offset()) == END_OF_PARTITION;
    }
}
