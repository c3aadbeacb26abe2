package io.eddy.runtime.state;

import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.OperatorStateStore;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.eddy.streaming.api.graph.StateTypeCheck;
import java.util.Objects;
import java.util.Set;

/**
 * Operator (non-keyed) state of one operator instance: named lists, each split or unioned on
 * rescaling (see {@link OperatorStateStore}). Snapshots copy the lists on the task thread (they are
 * small) and write them off it in the "Operator state format" of docs/checkpointing.md, recording
 * each element's offset so that the master can redistribute elements without reading them.
 * {@link #restore} reads, from each handle, exactly the elements whose offsets the handle lists.
 *
 * <p>Thread ownership: the task thread; an {@link OperatorStateSnapshot} is written on another.
 */
public final class HeapOperatorStateBackend implements OperatorStateStore {

    static final int MAGIC = 0x45444F53;
    static final int VERSION = 1;

    private final String operatorName;
    private final SerializerConfig serializerConfig;
    private final Map<String, PartitionableListState<?>> states = new LinkedHashMap<>();
    private final Map<String, TypeSerializerSnapshot<?>> restoredSerializers = new LinkedHashMap<>();

    /**
     * @param operatorName the operator's name with its subtask, for error messages
     * @param serializerConfig creates the serializers of the elements
     */
    public HeapOperatorStateBackend(String operatorName, SerializerConfig serializerConfig) {
        this.operatorName = Objects.requireNonNull(operatorName, "operatorName");
        this.serializerConfig = serializerConfig;
    }

    @Override
    public <S> ListState<S> getListState(ListStateDescriptor<S> descriptor) {
        return register(descriptor, OperatorStateHandle.Mode.SPLIT);
    }

    @Override
    public <S> ListState<S> getUnionListState(ListStateDescriptor<S> descriptor) {
        return register(descriptor, OperatorStateHandle.Mode.UNION);
    }

    @SuppressWarnings("unchecked")
    private <S> ListState<S> register(ListStateDescriptor<S> descriptor, OperatorStateHandle.Mode mode) {
        Objects.requireNonNull(descriptor, "descriptor");
        String name = descriptor.getName();
        PartitionableListState<S> state = (PartitionableListState<S>) states.get(name);
        if (state != null && state.mode() != mode) {
            throw new IllegalStateException("Operator list state '" + name + "' of operator '" + operatorName + "' is a "
                    + describe(state.mode()) + " and cannot also be a " + describe(mode) + ": use one of getListState / "
                    + "getUnionListState for it, or give the other state another name");
        }
        TypeSerializer<S> serializer = StateTypeCheck.stateSerializer(descriptor, operatorName, serializerConfig);
        if (state == null) {
            state = new PartitionableListState<>(name, mode, serializer);
            states.put(name, state);
        } else if (state.awaitingRegistration()) {
            StateCompatibility.checkSerializer(operatorName, name, "element", restoredSerializers.remove(name), serializer);
            state.registered(serializer);
        }
        return state;
    }

    private static String describe(OperatorStateHandle.Mode mode) {
        return mode == OperatorStateHandle.Mode.SPLIT ? "split list state (getListState)" : "union list state (getUnionListState)";
    }

    /** The names of the registered (or restored) states. */
    public Set<String> getRegisteredStateNames() {
        return java.util.Collections.unmodifiableSet(states.keySet());
    }

    /**
     * Copies the lists for a snapshot, on the task thread.
     *
     * @return the snapshot, or null if there is no operator state
     */
    public OperatorStateSnapshot snapshot() {
        if (states.isEmpty()) {
            return null;
        }
        List<OperatorStateSnapshot.ListCopy<?>> copies = new ArrayList<>(states.size());
        for (PartitionableListState<?> state : states.values()) {
            copies.add(copyOf(state));
        }
        return new OperatorStateSnapshot(operatorName, copies);
    }

    private static <S> OperatorStateSnapshot.ListCopy<S> copyOf(PartitionableListState<S> state) {
        return new OperatorStateSnapshot.ListCopy<>(state.name(), state.mode(), state.serializer().duplicate(), state.copyElements());
    }

    /** Restores the elements that {@code handles} list (after redistribution by the master); task thread, before registration. */
    public void restore(Collection<OperatorStateHandle> handles, ClassLoader classLoader) throws IOException {
        for (OperatorStateHandle handle : handles) {
            byte[] data;
            try (InputStream in = handle.delegate().openInputStream()) {
                data = in.readAllBytes();
            }
            readHandle(handle, new DataInputDeserializer(data), classLoader);
        }
    }

    @SuppressWarnings("unchecked")
    private void readHandle(OperatorStateHandle handle, DataInputDeserializer in, ClassLoader classLoader) throws IOException {
        int magic = in.readInt();
        int version = in.readInt();
        if (magic != MAGIC || version < 1 || version > VERSION) {
            throw new IOException("Operator state " + handle.delegate() + " of operator '" + operatorName + "' is not in a format this "
                    + "version reads (magic " + Integer.toHexString(magic) + ", version " + version + ")");
        }
        int count = in.readInt();
        for (int i = 0; i < count; i++) {
            String name = in.readUTF();
            OperatorStateHandle.Mode mode = OperatorStateHandle.Mode.valueOf(in.readUTF());
            TypeSerializerSnapshot<Object> snapshot = TypeSerializerSnapshots.read(in, classLoader);
            TypeSerializer<Object> serializer = snapshot.restoreSerializer();
            int elements = in.readInt();
            OperatorStateHandle.StateMetaInfo wanted = handle.states().get(name);
            Set<Long> offsets = new HashSet<>();
            if (wanted != null) {
                for (long offset : wanted.offsets()) {
                    offsets.add(offset);
                }
            }
            PartitionableListState<Object> state = wanted == null ? null : restoredState(name, mode, serializer, snapshot);
            for (int e = 0; e < elements; e++) {
                long offset = in.getPosition();
                Object element = serializer.deserialize(in);
                if (state != null && offsets.contains(offset)) {
                    state.addRestored(element);
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private PartitionableListState<Object> restoredState(String name, OperatorStateHandle.Mode mode, TypeSerializer<Object> serializer,
            TypeSerializerSnapshot<Object> snapshot) {
        PartitionableListState<Object> state = (PartitionableListState<Object>) states.get(name);
        if (state == null) {
            state = new PartitionableListState<>(name, mode, serializer);
            state.markRestored();
            states.put(name, state);
            restoredSerializers.put(name, snapshot);
        } else if (state.mode() != mode) {
            throw new IllegalStateException("Operator list state '" + name + "' of operator '" + operatorName + "' is restored as both "
                    + describe(state.mode()) + " and " + describe(mode) + ": the checkpoint is inconsistent");
        }
        return state;
    }

    @Override
    public String toString() {
        return "HeapOperatorStateBackend{" + operatorName + ", states " + states.keySet() + "}";
    }
}
