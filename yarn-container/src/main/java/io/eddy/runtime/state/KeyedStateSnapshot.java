package io.eddy.runtime.state;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.storage.CheckpointStateOutputStream;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A consistent view of a {@link HeapKeyedStateBackend}, taken on the task thread by {@link
 * HeapKeyedStateBackend#snapshot()} and written on any thread by {@link #writeTo} in the "Keyed
 * state format" of docs/checkpointing.md: a header, then one section per key group whose offset
 * goes into the {@link KeyGroupsStateHandle}. {@link #release()} (idempotent) ends copy-on-write for
 * it; call it after writing, also when writing failed.
 *
 * <p>Thread ownership: one thread at a time (the asynchronous snapshot thread); it shares nothing
 * mutable with the task thread.
 */
public final class KeyedStateSnapshot {

    private final String operatorName;
    private final KeyGroupRange range;
    private final TypeSerializer<?> keySerializer;
    private final List<StateView> states;
    private final Map<String, KeyGroupedSnapshotable.KeyGroupWriter> participants;
    private final Map<String, Map<Integer, byte[]>> pendingSections;
    private final long ttlNow;
    private final Runnable release;

    KeyedStateSnapshot(String operatorName, KeyGroupRange range, TypeSerializer<?> keySerializer, List<StateView> states,
            Map<String, KeyGroupedSnapshotable.KeyGroupWriter> participants, Map<String, Map<Integer, byte[]>> pendingSections,
            long ttlNow, Runnable release) {
        this.operatorName = operatorName;
        this.range = range;
        this.keySerializer = keySerializer;
        this.states = states;
        this.participants = participants;
        this.pendingSections = pendingSections;
        this.ttlNow = ttlNow;
        this.release = release;
    }

    /** One state's serializers and, per key group index, its copy-on-write view (null: no entries). */
    record StateView(String name, StateKind kind, TypeSerializer<?> namespaceSerializer, List<TypeSerializer<?>> valueSerializers,
            boolean ttl, long ttlMillis, StateValueCodec codec, boolean flat, StateMap.View[] keyGroups) {}

    /** Writes the snapshot into one new stream of {@code streams}; any thread. */
    public KeyGroupsStateHandle writeTo(CheckpointStreamFactory streams, String nameHint) throws IOException {
        CheckpointStateOutputStream out = streams.createOutputStream(nameHint);
        try {
            DataOutputSerializer buffer = new DataOutputSerializer(4096);
            writeHeader(buffer);
            out.write(buffer.getSharedBuffer(), 0, buffer.length());
            long[] offsets = new long[range.size()];
            for (int keyGroup = range.first(); keyGroup <= range.last(); keyGroup++) {
                buffer.clear();
                offsets[keyGroup - range.first()] = out.getPos();
                writeKeyGroup(keyGroup, buffer);
                out.write(buffer.getSharedBuffer(), 0, buffer.length());
            }
            StreamStateHandle handle = out.closeAndGetHandle();
            return new KeyGroupsStateHandle(range, offsets, handle);
        } catch (IOException | RuntimeException e) {
            try {
                out.close();
            } catch (IOException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw new IOException("Writing the keyed state of operator '" + operatorName + "' failed: " + e.getMessage(), e);
        }
    }

    /** Ends copy-on-write for this snapshot; idempotent, any thread. */
    public void release() {
        release.run();
    }

    private void writeHeader(DataOutputSerializer out) throws IOException {
        out.writeInt(KeyedStateFormat.MAGIC);
        out.writeInt(KeyedStateFormat.VERSION);
        TypeSerializerSnapshots.writeSerializer(keySerializer, out);
        out.writeInt(states.size());
        for (StateView state : states) {
            out.writeUTF(state.name());
            out.writeUTF(state.kind().name());
            TypeSerializerSnapshots.writeSerializer(state.namespaceSerializer(), out);
            for (TypeSerializer<?> serializer : state.valueSerializers()) {
                TypeSerializerSnapshots.writeSerializer(serializer, out);
            }
            out.writeBoolean(state.ttl());
        }
        out.writeInt(participants.size() + pendingSections.size());
        for (String name : participants.keySet()) {
            out.writeUTF(name);
        }
        for (String name : pendingSections.keySet()) {
            out.writeUTF(name);
        }
    }

    @SuppressWarnings("unchecked")
    private void writeKeyGroup(int keyGroup, DataOutputSerializer out) throws IOException {
        out.writeInt(keyGroup);
        TypeSerializer<Object> keys = (TypeSerializer<Object>) keySerializer;
        for (StateView state : states) {
            StateMap.View view = state.keyGroups()[keyGroup - range.first()];
            if (view == null) {
                out.writeInt(0);
                continue;
            }
            out.writeInt(countLive(state, view));
            TypeSerializer<Object> namespaces = (TypeSerializer<Object>) state.namespaceSerializer();
            for (int slot = 0; slot < view.capacity(); slot++) {
                Object entryKey = view.keyAt(slot);
                if (entryKey == null || isExpired(state, view.valueAt(slot))) {
                    continue;
                }
                if (state.flat()) {
                    namespaces.serialize(VoidNamespace.INSTANCE, out);
                    keys.serialize(entryKey, out);
                } else {
                    NamespacedKey namespaced = (NamespacedKey) entryKey;
                    namespaces.serialize(namespaced.namespace(), out);
                    keys.serialize(namespaced.key(), out);
                }
                state.codec().write(view.valueAt(slot), out);
            }
        }
        DataOutputSerializer section = new DataOutputSerializer(256);
        for (Map.Entry<String, KeyGroupedSnapshotable.KeyGroupWriter> participant : participants.entrySet()) {
            section.clear();
            participant.getValue().writeKeyGroup(keyGroup, section);
            out.writeInt(section.length());
            out.write(section.getSharedBuffer(), 0, section.length());
        }
        for (Map<Integer, byte[]> pending : pendingSections.values()) {
            byte[] bytes = pending.get(keyGroup);
            out.writeInt(bytes == null ? 0 : bytes.length);
            if (bytes != null) {
                out.write(bytes);
            }
        }
    }

    private int countLive(StateView state, StateMap.View view) {
        if (!state.ttl()) {
            return view.size();
        }
        int live = 0;
        for (int slot = 0; slot < view.capacity(); slot++) {
            if (view.keyAt(slot) != null && !isExpired(state, view.valueAt(slot))) {
                live++;
            }
        }
        return live;
    }

    private boolean isExpired(StateView state, Object value) {
        return state.ttl() && ((TtlValue<?>) value).isExpired(state.ttlMillis(), ttlNow);
    }
}
