package io.eddy.runtime.state;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads keyed state written by {@link KeyedStateSnapshot} into a {@link HeapKeyedStateBackend}: the
 * header of each handle, then only the key groups that are both in the handle and in the backend's
 * range, by seeking to their offsets (so rescaling reads nothing it does not keep). Values are read
 * with the serializers restored from the header's snapshots. Task thread.
 */
final class KeyedStateReader {

    private final HeapKeyedStateBackend backend;
    private final ClassLoader classLoader;

    KeyedStateReader(HeapKeyedStateBackend backend, ClassLoader classLoader) {
        this.backend = backend;
        this.classLoader = classLoader;
    }

    /** One state as the header describes it, bound to the backend's table. */
    private record StateSection(RegisteredKeyedState meta, TypeSerializer<Object> namespaceSerializer, StateValueCodec codec,
            boolean flat) {}

    void read(KeyGroupsStateHandle handle) throws IOException {
        KeyGroupsStateHandle mine = handle.intersection(backend.keyGroupRange());
        if (mine == null) {
            return;
        }
        byte[] data;
        try (InputStream in = handle.delegate().openInputStream()) {
            data = in.readAllBytes();
        }
        DataInputDeserializer in = new DataInputDeserializer(data);
        int magic = in.readInt();
        int version = in.readInt();
        if (magic != KeyedStateFormat.MAGIC || version < 1 || version > KeyedStateFormat.VERSION) {
            throw new IOException("Keyed state " + handle.delegate() + " of operator '" + backend.operatorName() + "' is not in a format "
                    + "this version reads (magic " + Integer.toHexString(magic) + ", version " + version + "; expected magic "
                    + Integer.toHexString(KeyedStateFormat.MAGIC) + ", version 1.." + KeyedStateFormat.VERSION + ")");
        }
        TypeSerializer<Object> keySerializer = readKeySerializer(in);
        List<StateSection> states = readStates(in);
        int participantCount = in.readInt();
        List<String> participants = new ArrayList<>(participantCount);
        for (int i = 0; i < participantCount; i++) {
            participants.add(in.readUTF());
        }
        for (int keyGroup = mine.range().first(); keyGroup <= mine.range().last(); keyGroup++) {
            long offset = mine.offsetOf(keyGroup);
            if (offset < 0 || offset >= data.length) {
                throw new IOException("Keyed state " + handle.delegate() + ": key group " + keyGroup + " has offset " + offset
                        + ", outside the " + data.length + " bytes of the state; the checkpoint is corrupt");
            }
            in.setPosition((int) offset);
            readKeyGroup(in, keyGroup, keySerializer, states, participants, handle);
        }
    }

    @SuppressWarnings("unchecked")
    private TypeSerializer<Object> readKeySerializer(DataInputDeserializer in) throws IOException {
        TypeSerializerSnapshot<Object> keySnapshot = TypeSerializerSnapshots.read(in, classLoader);
        StateCompatibility.checkSerializer(backend.operatorName(), "(keys of all keyed state)", "key", keySnapshot,
                backend.keySerializer());
        return keySnapshot.restoreSerializer();
    }

    @SuppressWarnings("unchecked")
    private List<StateSection> readStates(DataInputDeserializer in) throws IOException {
        int count = in.readInt();
        List<StateSection> states = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            StateKind kind = kindOf(in.readUTF(), name);
            TypeSerializerSnapshot<?> namespaces = TypeSerializerSnapshots.read(in, classLoader);
            List<TypeSerializerSnapshot<?>> values = new ArrayList<>();
            for (int v = 0; v < RestoredStateInfo.valueSerializerCount(kind); v++) {
                values.add(TypeSerializerSnapshots.read(in, classLoader));
            }
            boolean ttl = in.readBoolean();
            RestoredStateInfo info = new RestoredStateInfo(name, kind, namespaces, values, ttl);
            RegisteredKeyedState meta = backend.restoredState(info);
            List<TypeSerializer<?>> serializers = new ArrayList<>();
            values.forEach(s -> serializers.add(s.restoreSerializer()));
            TypeSerializer<Object> namespaceSerializer = (TypeSerializer<Object>) namespaces.restoreSerializer();
            states.add(new StateSection(meta, namespaceSerializer, StateValueCodec.of(kind, serializers, ttl),
                    (Object) namespaceSerializer instanceof VoidNamespaceSerializer));
        }
        return states;
    }

    private StateKind kindOf(String kind, String stateName) throws IOException {
        try {
            return StateKind.valueOf(kind);
        } catch (IllegalArgumentException e) {
            throw new IOException("Keyed state '" + stateName + "' of operator '" + backend.operatorName() + "' has the unknown kind '"
                    + kind + "' (expected one of " + java.util.Arrays.toString(StateKind.values()) + "); the checkpoint is corrupt "
                    + "or from a newer version", e);
        }
    }

    private void readKeyGroup(DataInputDeserializer in, int keyGroup, TypeSerializer<Object> keySerializer, List<StateSection> states,
            List<String> participants, KeyGroupsStateHandle handle) throws IOException {
        int written = in.readInt();
        if (written != keyGroup) {
            throw new IOException("Keyed state " + handle.delegate() + ": the section at the offset of key group " + keyGroup
                    + " is that of key group " + written + "; the checkpoint is corrupt");
        }
        int index = keyGroup - backend.getFirstKeyGroup();
        for (StateSection state : states) {
            int entries = in.readInt();
            StateTable<Object> table = state.meta().table();
            for (int e = 0; e < entries; e++) {
                Object namespace = state.namespaceSerializer().deserialize(in);
                Object key = keySerializer.deserialize(in);
                Object value = state.codec().read(in);
                table.put(index, state.flat() ? key : new NamespacedKey(key, namespace), value);
            }
        }
        for (String participant : participants) {
            int length = in.readInt();
            if (length > 0) {
                byte[] section = new byte[length];
                in.readFully(section);
                backend.restoredSection(participant, keyGroup, section);
            }
        }
    }
}
