package io.eddy.streaming.api.testutils;

import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.OperatorStateStore;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An operator state store for driving {@code CheckpointedFunction}s through their life cycle in
 * unit tests the way the runtime does (docs/checkpointing.md): snapshots write every element with
 * the state's real serializer, restores read them back, and {@link #redistribute} deals split lists
 * round-robin over the new subtasks and gives union lists whole to each.
 */
public final class TestOperatorStateStore implements OperatorStateStore {

    /** One subtask's snapshot: state name → its serialized elements. */
    public record Snapshot(Map<String, StoredList> states) {}

    /** A list state as stored in a checkpoint. */
    public record StoredList(boolean union, List<byte[]> elements) {}

    private final Map<String, Registered<?>> states = new LinkedHashMap<>();
    private final Snapshot restored;

    /** @param restored this subtask's redistributed state, or null for a fresh start */
    public TestOperatorStateStore(Snapshot restored) {
        this.restored = restored;
    }

    public boolean isRestored() {
        return restored != null;
    }

    @Override
    public <S> ListState<S> getListState(ListStateDescriptor<S> descriptor) throws Exception {
        return register(descriptor, false);
    }

    @Override
    public <S> ListState<S> getUnionListState(ListStateDescriptor<S> descriptor) throws Exception {
        return register(descriptor, true);
    }

    @SuppressWarnings("unchecked")
    private <S> ListState<S> register(ListStateDescriptor<S> descriptor, boolean union) throws IOException {
        Registered<?> existing = states.get(descriptor.getName());
        if (existing != null) {
            return (ListState<S>) existing.list;
        }
        TypeSerializer<S> serializer = descriptor.getTypeInfo().createSerializer(new SerializerConfig());
        SimpleListState<S> list = new SimpleListState<>();
        StoredList stored = restored == null ? null : restored.states().get(descriptor.getName());
        if (stored != null) {
            for (byte[] bytes : stored.elements()) {
                list.add(serializer.deserialize(new DataInputDeserializer(bytes)));
            }
        }
        states.put(descriptor.getName(), new Registered<>(serializer, list, union));
        return list;
    }

    /** Writes every registered state's elements with its serializer. */
    public Snapshot snapshot() throws IOException {
        Map<String, StoredList> out = new LinkedHashMap<>();
        for (Map.Entry<String, Registered<?>> e : states.entrySet()) {
            out.put(e.getKey(), e.getValue().write());
        }
        return new Snapshot(out);
    }

    /** The snapshots of all old subtasks redistributed over {@code newParallelism} new ones. */
    public static List<Snapshot> redistribute(List<Snapshot> old, int newParallelism) {
        List<Map<String, StoredList>> result = new ArrayList<>();
        for (int i = 0; i < newParallelism; i++) {
            result.add(new LinkedHashMap<>());
        }
        Map<String, Boolean> unionByName = new LinkedHashMap<>();
        Map<String, List<byte[]>> all = new LinkedHashMap<>();
        for (Snapshot s : old) {
            for (Map.Entry<String, StoredList> e : s.states().entrySet()) {
                unionByName.put(e.getKey(), e.getValue().union());
                all.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).addAll(e.getValue().elements());
            }
        }
        for (Map.Entry<String, List<byte[]>> e : all.entrySet()) {
            boolean union = unionByName.get(e.getKey());
            for (int i = 0; i < newParallelism; i++) {
                result.get(i).put(e.getKey(), new StoredList(union, new ArrayList<>()));
            }
            List<byte[]> elements = e.getValue();
            for (int j = 0; j < elements.size(); j++) {
                if (union) {
                    for (int i = 0; i < newParallelism; i++) {
                        result.get(i).get(e.getKey()).elements().add(elements.get(j));
                    }
                } else {
                    result.get(j % newParallelism).get(e.getKey()).elements().add(elements.get(j));
                }
            }
        }
        return result.stream().map(Snapshot::new).toList();
    }

    /** The initialization context over this store. */
    public FunctionInitializationContext initContext() {
        TestOperatorStateStore store = this;
        return new FunctionInitializationContext() {
            @Override
            public boolean isRestored() {
                return store.isRestored();
            }

            @Override
            public OperatorStateStore getOperatorStateStore() {
                return store;
            }

            @Override
            public KeyedStateStore getKeyedStateStore() {
                throw new UnsupportedOperationException("TestOperatorStateStore has no keyed state");
            }
        };
    }

    /** A snapshot context for checkpoint {@code id}. */
    public static FunctionSnapshotContext snapshotContext(long id) {
        return new FunctionSnapshotContext() {
            @Override
            public long getCheckpointId() {
                return id;
            }

            @Override
            public long getCheckpointTimestamp() {
                return id * 1000;
            }
        };
    }

    private record Registered<S>(TypeSerializer<S> serializer, SimpleListState<S> list, boolean union) {
        StoredList write() throws IOException {
            List<byte[]> elements = new ArrayList<>();
            for (S s : list.get()) {
                DataOutputSerializer out = new DataOutputSerializer(64);
                serializer.serialize(s, out);
                elements.add(out.getCopyOfBuffer());
            }
            return new StoredList(union, elements);
        }
    }

    private static final class SimpleListState<S> implements ListState<S> {
        private final List<S> values = new ArrayList<>();

        @Override
        public Iterable<S> get() {
            return new ArrayList<>(values);
        }

        @Override
        public void add(S value) {
            values.add(value);
        }

        @Override
        public void addAll(List<S> more) {
            values.addAll(more);
        }

        @Override
        public void update(List<S> replacement) {
            values.clear();
            values.addAll(replacement);
        }

        @Override
        public void clear() {
            values.clear();
        }
    }
}
