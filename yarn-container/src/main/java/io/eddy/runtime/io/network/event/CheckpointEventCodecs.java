package io.eddy.runtime.io.network.event;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;

/**
 * The wire formats of the checkpoint events, registered with {@link EventSerializer} under
 * {@link EventSerializer#CHECKPOINT_BARRIER} and {@link EventSerializer#CANCEL_CHECKPOINT_MARKER}.
 *
 * <pre>
 *   CheckpointBarrier:       long id, long timestamp, byte type code, boolean hasLocation, [UTF location]
 *   CancelCheckpointMarker:  long checkpointId
 * </pre>
 *
 * Type codes are fixed here (not enum ordinals), so that reordering {@link CheckpointType} cannot
 * change the format.
 */
final class CheckpointEventCodecs {

    private CheckpointEventCodecs() {}

    static final EventCodec<CheckpointBarrier> BARRIER = new EventCodec<>() {
        @Override
        public void write(CheckpointBarrier barrier, DataOutputView out) throws IOException {
            out.writeLong(barrier.id());
            out.writeLong(barrier.timestamp());
            out.writeByte(typeCode(barrier.options().type()));
            String location = barrier.options().targetLocation();
            out.writeBoolean(location != null);
            if (location != null) {
                out.writeUTF(location);
            }
        }

        @Override
        public CheckpointBarrier read(DataInputView in) throws IOException {
            long id = in.readLong();
            long timestamp = in.readLong();
            CheckpointType type = typeOf(in.readByte());
            String location = in.readBoolean() ? in.readUTF() : null;
            return new CheckpointBarrier(id, timestamp, new CheckpointOptions(type, location));
        }
    };

    static final EventCodec<CancelCheckpointMarker> CANCEL_MARKER = new EventCodec<>() {
        @Override
        public void write(CancelCheckpointMarker marker, DataOutputView out) throws IOException {
            out.writeLong(marker.checkpointId());
        }

        @Override
        public CancelCheckpointMarker read(DataInputView in) throws IOException {
            return new CancelCheckpointMarker(in.readLong());
        }
    };

    static int typeCode(CheckpointType type) {
        return switch (type) {
            case CHECKPOINT -> 0;
            case SAVEPOINT -> 1;
            case SAVEPOINT_THEN_CANCEL -> 2;
        };
    }

    static CheckpointType typeOf(int code) throws IOException {
        return switch (code) {
            case 0 -> CheckpointType.CHECKPOINT;
            case 1 -> CheckpointType.SAVEPOINT;
            case 2 -> CheckpointType.SAVEPOINT_THEN_CANCEL;
            default -> throw new IOException("Received a checkpoint barrier with unknown checkpoint type code " + code
                    + " (expected: 0, 1 or 2): producer and consumer run different versions");
        };
    }
}
