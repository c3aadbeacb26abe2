package io.eddy.runtime.checkpoint.storage;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The binary format of state handles: in acknowledgements and deployments (the cluster protocol's
 * codecs call it) and in checkpoint metadata ({@link CheckpointMetadataCodec}).
 *
 * <pre>
 * stream handle:      byte kind (1 file | 2 inline); file: UTF uri, long size, int crc32c;
 *                     inline: UTF name, int length, bytes
 * key groups handle:  int first, int last, long offset per key group, stream handle
 * operator handle:    int states, per state (by name): UTF name, UTF mode, int n, n longs; stream handle
 * subtask state:      int n, n key groups handles, int m, m operator handles, int r, r stream handles (raw operator state)
 * task snapshot:      [byte version] int n, per operator: UTF uid, subtask state
 * task restore:       [byte version] long checkpoint id, task snapshot (without its version)
 * </pre>
 *
 * The top-level values a message carries on their own ({@link TaskStateSnapshot}, {@link
 * TaskRestore}) start with {@link #VERSION}; the parts do not (the metadata file has its own
 * version). Enums are written by name. Every count is checked, so corrupt input is an {@link
 * IOException}, never a huge allocation. Stateless and thread-safe.
 */
public final class StateHandleCodec {

    /** The format version written before a {@link TaskStateSnapshot} or {@link TaskRestore}. */
    public static final int VERSION = 2;

    private static final int FILE = 1;
    private static final int INLINE = 2;
    /** Counts above this are refused as corrupt. */
    private static final int MAX_COUNT = 1 << 26;
    /** Inline state larger than this is refused as corrupt (the memory storage keeps much less). */
    private static final int MAX_INLINE_BYTES = 1 << 30;

    private StateHandleCodec() {}

    // ---- stream handles ------------------------------------------------------------------------

    public static void writeStreamHandle(StreamStateHandle handle, DataOutputView out) throws IOException {
        if (handle instanceof FileStateHandle f) {
            out.writeByte(FILE);
            out.writeUTF(f.uri());
            out.writeLong(f.size());
            out.writeInt(f.crc32c());
        } else if (handle instanceof ByteStreamStateHandle b) {
            out.writeByte(INLINE);
            out.writeUTF(b.name());
            out.writeInt(b.data().length);
            out.write(b.data());
        } else {
            throw new IllegalArgumentException("Bug: unknown state handle type " + handle.getClass().getName());
        }
    }

    public static StreamStateHandle readStreamHandle(DataInputView in) throws IOException {
        int kind = in.readByte();
        if (kind == FILE) {
            String uri = in.readUTF();
            long size = in.readLong();
            if (size < 0) {
                throw new IOException("Corrupt state handle: file " + uri + " with size " + size);
            }
            return new FileStateHandle(uri, size, in.readInt());
        } else if (kind == INLINE) {
            String name = in.readUTF();
            int length = in.readInt();
            if (length < 0 || length > MAX_INLINE_BYTES) {
                throw new IOException("Corrupt state handle: inline state " + name + " with length " + length);
            }
            byte[] data = new byte[length];
            in.readFully(data);
            return new ByteStreamStateHandle(name, data);
        }
        throw new IOException("Corrupt state handle: kind " + kind + " (expected " + FILE + " for a file or " + INLINE + " for inline bytes)");
    }

    // ---- keyed and operator state handles ------------------------------------------------------

    public static void writeKeyGroupsHandle(KeyGroupsStateHandle handle, DataOutputView out) throws IOException {
        out.writeInt(handle.range().first());
        out.writeInt(handle.range().last());
        for (long offset : handle.offsets()) {
            out.writeLong(offset);
        }
        writeStreamHandle(handle.delegate(), out);
    }

    public static KeyGroupsStateHandle readKeyGroupsHandle(DataInputView in) throws IOException {
        int first = in.readInt();
        int last = in.readInt();
        if (first < 0 || last < first - 1 || last - first + 1 > MAX_COUNT) {
            throw new IOException("Corrupt keyed state handle: key group range [" + first + ", " + last + "]");
        }
        KeyGroupRange range = new KeyGroupRange(first, last);
        long[] offsets = new long[range.size()];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = in.readLong();
        }
        return new KeyGroupsStateHandle(range, offsets, readStreamHandle(in));
    }

    public static void writeOperatorHandle(OperatorStateHandle handle, DataOutputView out) throws IOException {
        Map<String, OperatorStateHandle.StateMetaInfo> sorted = new TreeMap<>(handle.states());
        out.writeInt(sorted.size());
        for (Map.Entry<String, OperatorStateHandle.StateMetaInfo> e : sorted.entrySet()) {
            out.writeUTF(e.getKey());
            out.writeUTF(e.getValue().mode().name());
            long[] offsets = e.getValue().offsets();
            out.writeInt(offsets.length);
            for (long offset : offsets) {
                out.writeLong(offset);
            }
        }
        writeStreamHandle(handle.delegate(), out);
    }

    public static OperatorStateHandle readOperatorHandle(DataInputView in) throws IOException {
        int count = readCount(in, "operator states");
        Map<String, OperatorStateHandle.StateMetaInfo> states = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            OperatorStateHandle.Mode mode = readMode(in, name);
            long[] offsets = new long[readCount(in, "elements of operator state " + name)];
            for (int j = 0; j < offsets.length; j++) {
                offsets[j] = in.readLong();
            }
            states.put(name, new OperatorStateHandle.StateMetaInfo(mode, offsets));
        }
        return new OperatorStateHandle(states, readStreamHandle(in));
    }

    private static OperatorStateHandle.Mode readMode(DataInputView in, String stateName) throws IOException {
        String mode = in.readUTF();
        try {
            return OperatorStateHandle.Mode.valueOf(mode);
        } catch (IllegalArgumentException e) {
            throw new IOException("Corrupt operator state handle: state " + stateName + " has mode '" + mode + "' (expected SPLIT or UNION)", e);
        }
    }

    // ---- subtask, task snapshot, restore --------------------------------------------------------

    public static void writeSubtaskState(OperatorSubtaskState state, DataOutputView out) throws IOException {
        out.writeInt(state.managedKeyedState().size());
        for (KeyGroupsStateHandle h : state.managedKeyedState()) {
            writeKeyGroupsHandle(h, out);
        }
        out.writeInt(state.managedOperatorState().size());
        for (OperatorStateHandle h : state.managedOperatorState()) {
            writeOperatorHandle(h, out);
        }
        out.writeInt(state.rawOperatorState().size());
        for (StreamStateHandle h : state.rawOperatorState()) {
            writeStreamHandle(h, out);
        }
    }

    public static OperatorSubtaskState readSubtaskState(DataInputView in) throws IOException {
        int keyedCount = readCount(in, "keyed state handles");
        List<KeyGroupsStateHandle> keyed = new ArrayList<>(Math.min(keyedCount, 1024));
        for (int i = 0; i < keyedCount; i++) {
            keyed.add(readKeyGroupsHandle(in));
        }
        int operatorCount = readCount(in, "operator state handles");
        List<OperatorStateHandle> operator = new ArrayList<>(Math.min(operatorCount, 1024));
        for (int i = 0; i < operatorCount; i++) {
            operator.add(readOperatorHandle(in));
        }
        int rawCount = readCount(in, "raw operator state handles");
        List<StreamStateHandle> raw = new ArrayList<>(Math.min(rawCount, 1024));
        for (int i = 0; i < rawCount; i++) {
            raw.add(readStreamHandle(in));
        }
        return keyed.isEmpty() && operator.isEmpty() && raw.isEmpty() ? OperatorSubtaskState.EMPTY : new OperatorSubtaskState(keyed, operator, raw);
    }

    /** Writes {@code snapshot} with the format version first. */
    public static void writeTaskStateSnapshot(TaskStateSnapshot snapshot, DataOutputView out) throws IOException {
        out.writeByte(VERSION);
        writeSnapshotBody(snapshot, out);
    }

    public static TaskStateSnapshot readTaskStateSnapshot(DataInputView in) throws IOException {
        checkVersion(in, "task state snapshot");
        return readSnapshotBody(in);
    }

    /** Writes {@code restore} with the format version first. */
    public static void writeTaskRestore(TaskRestore restore, DataOutputView out) throws IOException {
        out.writeByte(VERSION);
        out.writeLong(restore.checkpointId());
        writeSnapshotBody(restore.state(), out);
    }

    public static TaskRestore readTaskRestore(DataInputView in) throws IOException {
        checkVersion(in, "task restore");
        long checkpointId = in.readLong();
        return new TaskRestore(checkpointId, readSnapshotBody(in));
    }

    private static void writeSnapshotBody(TaskStateSnapshot snapshot, DataOutputView out) throws IOException {
        Map<String, OperatorSubtaskState> sorted = new TreeMap<>(snapshot.operatorStates());
        out.writeInt(sorted.size());
        for (Map.Entry<String, OperatorSubtaskState> e : sorted.entrySet()) {
            out.writeUTF(e.getKey());
            writeSubtaskState(e.getValue(), out);
        }
    }

    private static TaskStateSnapshot readSnapshotBody(DataInputView in) throws IOException {
        int count = readCount(in, "operators of a task state snapshot");
        Map<String, OperatorSubtaskState> states = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String uid = in.readUTF();
            states.put(uid, readSubtaskState(in));
        }
        return states.isEmpty() ? TaskStateSnapshot.EMPTY : new TaskStateSnapshot(states);
    }

    private static void checkVersion(DataInputView in, String what) throws IOException {
        int version = in.readByte();
        if (version != VERSION) {
            throw new IOException("Cannot read a " + what + " of format version " + version + " (this Eddy reads version " + VERSION
                    + "): master and workers must run the same Eddy version");
        }
    }

    static int readCount(DataInputView in, String what) throws IOException {
        int count = in.readInt();
        if (count < 0 || count > MAX_COUNT) {
            throw new IOException("Corrupt state handle data: " + count + " " + what + " (expected 0.." + MAX_COUNT + ")");
        }
        return count;
    }
}
