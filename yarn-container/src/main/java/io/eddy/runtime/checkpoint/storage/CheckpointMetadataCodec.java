package io.eddy.runtime.checkpoint.storage;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.checkpoint.CheckpointMetadata.OperatorState;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.InvalidCheckpointException.Reason;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.io.network.event.CheckpointType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32C;

/**
 * The format of a checkpoint's {@code _metadata} file:
 *
 * <pre>
 * int magic 0x45444D44 ('EDMD'), int version (2: subtask states with raw operator state),
 * long checkpoint id, long timestamp, UTF type,
 * int operators, per operator (by uid): UTF uid, UTF name, int parallelism, int max parallelism,
 *     int subtasks, per subtask (by index): int index, subtask state ({@link StateHandleCodec})
 * int CRC-32C of all bytes before it
 * </pre>
 *
 * The checksum is verified before anything else is read, so a truncated or corrupted file is
 * always reported as such. Stateless and thread-safe.
 */
public final class CheckpointMetadataCodec {

    public static final int MAGIC = 0x45444D44;
    public static final int VERSION = 2;

    /** Magic, version and checksum: the least a metadata file has. */
    private static final int MIN_LENGTH = 12;

    private CheckpointMetadataCodec() {}

    /** The bytes of {@code metadata}'s file. */
    public static byte[] encode(CheckpointMetadata metadata) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(4096);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeLong(metadata.checkpointId());
        out.writeLong(metadata.timestamp());
        out.writeUTF(metadata.type().name());
        Map<String, OperatorState> operators = new TreeMap<>(metadata.operators());
        out.writeInt(operators.size());
        for (OperatorState op : operators.values()) {
            out.writeUTF(op.uid());
            out.writeUTF(op.name());
            out.writeInt(op.parallelism());
            out.writeInt(op.maxParallelism());
            Map<Integer, OperatorSubtaskState> subtasks = new TreeMap<>(op.subtaskStates());
            out.writeInt(subtasks.size());
            for (Map.Entry<Integer, OperatorSubtaskState> e : subtasks.entrySet()) {
                out.writeInt(e.getKey());
                StateHandleCodec.writeSubtaskState(e.getValue(), out);
            }
        }
        CRC32C crc = new CRC32C();
        crc.update(out.getSharedBuffer(), 0, out.length());
        out.writeInt((int) crc.getValue());
        return out.getCopyOfBuffer();
    }

    /**
     * Reads the metadata in {@code data}, the contents of {@code path}.
     *
     * @throws InvalidCheckpointException naming {@code path}: {@code FOREIGN} for another format or
     *     version, {@code CORRUPT} for a truncated file or a checksum mismatch
     */
    public static CheckpointMetadata decode(byte[] data, String path) throws InvalidCheckpointException {
        if (data.length < MIN_LENGTH) {
            throw new InvalidCheckpointException(Reason.CORRUPT, path, "Checkpoint metadata " + path + " is truncated: " + data.length
                    + " bytes (an Eddy metadata file has at least " + MIN_LENGTH + ")");
        }
        ByteBuffer buf = ByteBuffer.wrap(data);
        int magic = buf.getInt(0);
        if (magic != MAGIC) {
            throw new InvalidCheckpointException(Reason.FOREIGN, path, "The file " + path + " is not Eddy checkpoint metadata (it starts with 0x"
                    + Integer.toHexString(magic) + ", not 0x" + Integer.toHexString(MAGIC) + "): point to a savepoint or checkpoint directory "
                    + "written by Eddy");
        }
        int version = buf.getInt(4);
        if (version != VERSION) {
            throw new InvalidCheckpointException(Reason.FOREIGN, path, "Checkpoint metadata " + path + " has format version " + version
                    + ", this Eddy reads version " + VERSION + ": restore it with the Eddy version that wrote it");
        }
        CRC32C crc = new CRC32C();
        crc.update(data, 0, data.length - 4);
        int expected = buf.getInt(data.length - 4);
        if ((int) crc.getValue() != expected) {
            throw new InvalidCheckpointException(Reason.CORRUPT, path, "Checkpoint metadata " + path + " is corrupt or truncated: its CRC-32C is "
                    + Integer.toHexString((int) crc.getValue()) + ", the file records " + Integer.toHexString(expected));
        }
        try {
            return decodeBody(new DataInputDeserializer(java.util.Arrays.copyOfRange(data, 8, data.length - 4)));
        } catch (IOException | RuntimeException e) {
            throw new InvalidCheckpointException(Reason.CORRUPT, path, "Checkpoint metadata " + path + " cannot be read although its checksum "
                    + "matches: " + e.getMessage(), e);
        }
    }

    private static CheckpointMetadata decodeBody(DataInputDeserializer in) throws IOException {
        long checkpointId = in.readLong();
        long timestamp = in.readLong();
        CheckpointType type = CheckpointType.valueOf(in.readUTF());
        int operatorCount = StateHandleCodec.readCount(in, "operators");
        Map<String, OperatorState> operators = new LinkedHashMap<>();
        for (int i = 0; i < operatorCount; i++) {
            String uid = in.readUTF();
            String name = in.readUTF();
            int parallelism = in.readInt();
            int maxParallelism = in.readInt();
            int subtaskCount = StateHandleCodec.readCount(in, "subtasks of operator " + uid);
            Map<Integer, OperatorSubtaskState> subtasks = new LinkedHashMap<>();
            for (int s = 0; s < subtaskCount; s++) {
                int index = in.readInt();
                subtasks.put(index, StateHandleCodec.readSubtaskState(in));
            }
            operators.put(uid, new OperatorState(uid, name, parallelism, maxParallelism, subtasks));
        }
        return new CheckpointMetadata(checkpointId, timestamp, type, operators);
    }
}
