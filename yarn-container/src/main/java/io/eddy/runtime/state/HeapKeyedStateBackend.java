package io.eddy.runtime.state;

import io.eddy.api.common.state.AggregatingState;
import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.KeyedStateStore;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ReducingState;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.State;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.eddy.streaming.api.graph.StateTypeCheck;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Keyed state of one operator instance, on the heap. The state objects it hands out read and
 * write the values of the <em>current key</em>, which the keyed operator sets with
 * {@link #setCurrentKey} before each record (and, for states from {@link #getPartitionedState}, of
 * the state's current namespace). Values are kept per key group ({@link KeyGroups}) of the range
 * this subtask owns, so that a snapshot can write them key group by key group; values are the
 * objects themselves (nothing is serialized while the job runs).
 *
 * <h2>Snapshots: copy-on-write per key group map</h2>
 * {@link #snapshot()} runs on the task thread and takes, per state and key group, the current
 * arrays of that key group's {@link StateMap} (O(states &times; key groups), no entry is touched);
 * it also asks each {@link KeyGroupedSnapshotable} participant (timers) for its copy. The returned
 * {@link KeyedStateSnapshot} is written off the task thread. Meanwhile the task keeps changing
 * state: a {@link StateMap} copies its arrays before the first change after a snapshot that still
 * runs (once per key group and snapshot), and a value that may be changed in place (a list, a map, a
 * mutable object, an accumulator) is copied with its serializer before it is handed out for change
 * (once per entry and snapshot). Which arrays and values a running snapshot holds is decided by
 * epochs ({@link SnapshotVersions}); releasing the snapshot ends the copying. Several snapshots may
 * run at once.
 *
 * <p>Thread ownership: the task thread only, except that a {@link KeyedStateSnapshot} is written
 * and released on another thread.
 */
public final class HeapKeyedStateBackend implements KeyedStateStore {

    private final String operatorName;
    private final TypeInfo<?> keyType;
    private final SerializerConfig serializerConfig;
    private final int maxParallelism;
    private final int firstKeyGroup;
    private final int lastKeyGroup;
    private final SnapshotVersions versions = new SnapshotVersions();
    private final Map<String, RegisteredKeyedState> states = new LinkedHashMap<>();
    private final Map<String, RestoredStateInfo> restoredInfo = new LinkedHashMap<>();
    private final Map<String, KeyGroupedSnapshotable> participants = new LinkedHashMap<>();
    /** Restored participant sections (participant name → key group → bytes) whose participant has not registered yet. */
    private final Map<String, TreeMap<Integer, byte[]>> restoredSections = new LinkedHashMap<>();
    private TypeSerializer<?> keySerializer;
    private LongSupplier ttlClock = System::currentTimeMillis;

    /** The current key; null while it is an int key not yet boxed ({@link #currentIntKey}). */
    private Object currentKey;
    /** Whether the current key was set as an int ({@link #setCurrentIntKey}): then it is {@link #currentIntKey}. */
    private boolean intKey;
    private int currentIntKey;
    private int currentKeyGroupIndex = -1;

    /**
     * @param operatorName the operator's name with its subtask, for error messages
     * @param keyType the type of the keys (its serializer writes keys in snapshots)
     * @param serializerConfig creates the serializers of keys and values for snapshots
     * @param maxParallelism the number of key groups
     * @param firstKeyGroup the first key group this backend holds, inclusive
     * @param lastKeyGroup the last key group this backend holds, inclusive
     */
    public HeapKeyedStateBackend(String operatorName, TypeInfo<?> keyType, SerializerConfig serializerConfig, int maxParallelism,
            int firstKeyGroup, int lastKeyGroup) {
        this.operatorName = Objects.requireNonNull(operatorName, "operatorName");
        this.keyType = keyType;
        this.serializerConfig = serializerConfig;
        if (firstKeyGroup < 0 || lastKeyGroup < firstKeyGroup - 1 || lastKeyGroup >= maxParallelism) {
            throw new IllegalArgumentException("key group range of '" + operatorName + "': [" + firstKeyGroup + ", " + lastKeyGroup
                    + "] (expected: within [0, " + (maxParallelism - 1) + "])");
        }
        this.maxParallelism = maxParallelism;
        this.firstKeyGroup = firstKeyGroup;
        this.lastKeyGroup = lastKeyGroup;
    }

    /** A backend for the key groups that subtask {@code subtaskIndex} of {@code parallelism} owns. */
    public static HeapKeyedStateBackend forSubtask(String operatorName, TypeInfo<?> keyType, SerializerConfig serializerConfig,
            int maxParallelism, int subtaskIndex, int parallelism) {
        return new HeapKeyedStateBackend(operatorName, keyType, serializerConfig, maxParallelism,
                KeyGroups.firstKeyGroup(subtaskIndex, maxParallelism, parallelism),
                KeyGroups.lastKeyGroup(subtaskIndex, maxParallelism, parallelism));
    }

    /**
     * Makes {@code key} the current key: state reads and writes go to its values from now on.
     *
     * @throws IllegalStateException if the key's key group is not held by this backend: the
     *     record reached the wrong subtask (its producer partitioned it with another key selector
     *     or max parallelism)
     */
    public void setCurrentKey(Object key) {
        setCurrentKey(key, KeyGroups.keyGroupFor(key, maxParallelism));
    }

    /**
     * {@link #setCurrentKey(Object)} with the key's group already known: {@code keyGroup} must be
     * {@code KeyGroups.keyGroupFor(key, maxParallelism)} (a producer's channel selector computed it
     * for this operator's maximum parallelism).
     */
    public void setCurrentKey(Object key, int keyGroup) {
        if (keyGroup < firstKeyGroup || keyGroup > lastKeyGroup) {
            throw notHeld(key, keyGroup);
        }
        this.currentKey = key;
        this.intKey = false;
        this.currentKeyGroupIndex = keyGroup - firstKeyGroup;
    }

    /**
     * {@link #setCurrentKey(Object)} for the {@link Integer} {@code key}, without boxing it: plain
     * value states then find its values by the int alone, and {@link #getCurrentKey()} boxes it
     * once if something asks for the key object (timers, other kinds of state). Keyed operators
     * call it for an Integer key, so that a box their key selector made does not outlive the call
     * and the JIT can leave it out.
     */
    public void setCurrentIntKey(int key) {
        setCurrentIntKey(key, -1);
    }

    /**
     * {@link #setCurrentIntKey(int)} with the key's group already known, if {@code keyGroup} is
     * not -1: it must then be the key group of {@code key} for this backend's maximum parallelism
     * (a producer's channel selector computed it), which saves hashing the key again.
     */
    public void setCurrentIntKey(int key, int keyGroup) {
        if (keyGroup < 0) {
            keyGroup = KeyGroups.keyGroupForHash(Integer.hashCode(key), maxParallelism);
        }
        if (keyGroup < firstKeyGroup || keyGroup > lastKeyGroup) {
            throw notHeld(key, keyGroup);
        }
        this.currentKey = null;
        this.intKey = true;
        this.currentIntKey = key;
        this.currentKeyGroupIndex = keyGroup - firstKeyGroup;
    }

    private IllegalStateException notHeld(Object key, int keyGroup) {
        return new IllegalStateException("Key " + key + " of operator '" + operatorName + "' belongs to key group " + keyGroup
                + ", which this subtask does not hold (it holds key groups " + firstKeyGroup + " to " + lastKeyGroup
                + "). The record was partitioned with a different key selector or max parallelism than the operator uses; "
                + "is the key's hashCode deterministic across JVMs (not an enum's or an Object's identity hash)?");
    }

    /** The current key, or null before the first {@link #setCurrentKey}. An int key is boxed on the first call for it. */
    public Object getCurrentKey() {
        if (currentKey == null && intKey) {
            currentKey = currentIntKey;
        }
        return currentKey;
    }

    /** Whether the current key was set with {@link #setCurrentIntKey}: then {@link #currentIntKey()} is it. */
    boolean hasIntKey() {
        return intKey;
    }

    int currentIntKey() {
        return currentIntKey;
    }

    /** The key group of the current key. */
    public int getCurrentKeyGroup() {
        return currentKeyGroupIndex < 0 ? -1 : firstKeyGroup + currentKeyGroupIndex;
    }

    int currentKeyGroupIndex() {
        if (currentKeyGroupIndex < 0) {
            throw new IllegalStateException("Keyed state of operator '" + operatorName
                    + "' was used outside the processing of a record (in open() or close()): no key is set. "
                    + "Read and write keyed state only while processing a record.");
        }
        return currentKeyGroupIndex;
    }

    /** Sets the processing-time clock that time to live is measured with (ms); by default the wall clock. */
    public void setTtlTimeProvider(LongSupplier clock) {
        this.ttlClock = Objects.requireNonNull(clock, "clock");
    }

    long ttlTime() {
        return ttlClock.getAsLong();
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        return getPartitionedState(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        return getPartitionedState(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
    }

    @Override
    public <UK, UV> MapState<UK, UV> getMapState(MapStateDescriptor<UK, UV> descriptor) {
        return getPartitionedState(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
    }

    @Override
    public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
        return getPartitionedState(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
        return getPartitionedState(VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
    }

    /**
     * The state {@code descriptor} describes, scoped to {@code namespace} (set as its current
     * namespace; change it later with {@link InternalKvState#setCurrentNamespace}). The same name
     * gives the same state object on every call. The result implements {@link InternalKvState}, and
     * for list, reducing and aggregating state {@link InternalMergingState}; its type is the state
     * interface of the descriptor ({@code ValueStateDescriptor} → {@code ValueState}, ...).
     *
     * @throws IllegalStateException if a state of that name exists with another kind or namespace
     *     serializer, or was restored with serializers that cannot read it (naming the state)
     */
    @SuppressWarnings("unchecked")
    public <N, S extends State> S getPartitionedState(N namespace, TypeSerializer<N> namespaceSerializer, StateDescriptor<?> descriptor) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(namespaceSerializer, "namespaceSerializer");
        Objects.requireNonNull(descriptor, "descriptor");
        AbstractHeapState<N, ?> state;
        if (descriptor instanceof ValueStateDescriptor<?>) {
            state = register(StateKind.VALUE, descriptor, namespaceSerializer, meta -> new HeapValueState<N, Object>(this, meta));
        } else if (descriptor instanceof ListStateDescriptor<?>) {
            state = register(StateKind.LIST, descriptor, namespaceSerializer, meta -> new HeapListState<N, Object>(this, meta));
        } else if (descriptor instanceof MapStateDescriptor<?, ?>) {
            state = register(StateKind.MAP, descriptor, namespaceSerializer, meta -> new HeapMapState<N, Object, Object>(this, meta));
        } else if (descriptor instanceof ReducingStateDescriptor<?> reducing) {
            state = register(StateKind.REDUCING, descriptor, namespaceSerializer,
                    meta -> new HeapReducingState<N, Object>(this, meta, (io.eddy.api.common.functions.ReduceFunction<Object>) reducing
                            .getReduceFunction()));
        } else if (descriptor instanceof AggregatingStateDescriptor<?, ?, ?> aggregating) {
            state = register(StateKind.AGGREGATING, descriptor, namespaceSerializer,
                    meta -> new HeapAggregatingState<N, Object, Object, Object>(this, meta,
                            (io.eddy.api.common.functions.AggregateFunction<Object, Object, Object>) aggregating.getAggregateFunction()));
        } else {
            throw new IllegalArgumentException("State descriptor " + descriptor + " of operator '" + operatorName
                    + "' is of an unknown kind (expected: a Value-, List-, Map-, Reducing- or AggregatingStateDescriptor)");
        }
        state.setCurrentNamespace(namespace);
        return (S) state;
    }

    @SuppressWarnings("unchecked")
    private <N> AbstractHeapState<N, ?> register(StateKind kind, StateDescriptor<?> descriptor, TypeSerializer<N> namespaceSerializer,
            Function<RegisteredKeyedState, AbstractHeapState<N, ?>> factory) {
        String name = descriptor.getName();
        boolean flat = namespaceSerializer instanceof VoidNamespaceSerializer;
        RegisteredKeyedState existing = states.get(name);
        if (existing != null && existing.kind() != kind) {
            throw new IllegalStateException("Operator '" + operatorName + "' already has " + existing.kind() + " state named '" + name
                    + "'; it cannot also be " + kind + " state: give the " + kind + " state another name");
        }
        if (existing != null && existing.state() != null) {
            if (existing.isFlat() != flat) {
                throw new IllegalStateException("State '" + name + "' of operator '" + operatorName + "' is used both with and without "
                        + "namespaces (windows); give one of them another name");
            }
            return (AbstractHeapState<N, ?>) existing.state();
        }
        List<TypeSerializer<?>> valueSerializers = valueSerializersOf(kind, descriptor);
        RegisteredKeyedState meta = existing;
        if (meta == null) {
            meta = new RegisteredKeyedState(name, kind, newTable(), namespaceSerializer, valueSerializers, descriptor.getTtlConfig() != null);
            states.put(name, meta);
        } else {
            StateCompatibility.check(operatorName, restoredInfo.remove(name), descriptor, namespaceSerializer, valueSerializers);
        }
        meta.bind(descriptor, namespaceSerializer, valueSerializers);
        AbstractHeapState<N, ?> state = factory.apply(meta);
        meta.setState(state);
        return state;
    }

    private List<TypeSerializer<?>> valueSerializersOf(StateKind kind, StateDescriptor<?> descriptor) {
        TypeSerializer<?> values = StateTypeCheck.stateSerializer(descriptor, operatorName, serializerConfig);
        if (kind == StateKind.MAP) {
            return List.of(((MapStateDescriptor<?, ?>) descriptor).getKeyTypeInfo().createSerializer(serializerConfig), values);
        }
        return List.of(values);
    }

    private StateTable<Object> newTable() {
        return new StateTable<>(firstKeyGroup, lastKeyGroup - firstKeyGroup + 1, versions);
    }

    // ---------------------------------------------------------------- snapshot participants

    /**
     * Adds {@code participant} (e.g. a timer service) to this backend's snapshots: its section is
     * written into every key group. Restored sections of its name are replayed into it now, through
     * {@link KeyGroupedSnapshotable#restoreKeyGroup}, in key group order.
     *
     * @throws IllegalStateException if a participant of that name is registered already, or its
     *     restored section cannot be read (naming the participant and the key group)
     */
    public void registerSnapshotParticipant(KeyGroupedSnapshotable participant) {
        String name = participant.snapshotName();
        if (participants.containsKey(name)) {
            throw new IllegalStateException("Operator '" + operatorName + "' registered two snapshot participants named '" + name
                    + "'; each timer service (or other participant) needs its own name");
        }
        participants.put(name, participant);
        TreeMap<Integer, byte[]> sections = restoredSections.remove(name);
        if (sections != null) {
            for (Map.Entry<Integer, byte[]> e : sections.entrySet()) {
                try {
                    participant.restoreKeyGroup(e.getKey(), new DataInputDeserializer(e.getValue()));
                } catch (IOException ex) {
                    throw new IllegalStateException("Restoring '" + name + "' of operator '" + operatorName + "' failed in key group "
                            + e.getKey() + ": " + ex.getMessage() + "; the checkpoint is corrupt or was written by an incompatible version",
                            ex);
                }
            }
        }
    }

    // ---------------------------------------------------------------- snapshot and restore

    /**
     * Takes a copy-on-write snapshot of all keyed state and participants, on the task thread, in
     * O(states &times; key groups); the result is written with {@link KeyedStateSnapshot#writeTo} on
     * any thread and must then be {@link KeyedStateSnapshot#release released}.
     *
     * @return the snapshot, or null if this backend has no state and no participants
     */
    public KeyedStateSnapshot snapshot() {
        if (states.isEmpty() && participants.isEmpty() && restoredSections.isEmpty()) {
            return null;
        }
        int version = versions.start();
        List<KeyedStateSnapshot.StateView> views = new ArrayList<>(states.size());
        for (RegisteredKeyedState meta : states.values()) {
            views.add(new KeyedStateSnapshot.StateView(meta.name(), meta.kind(), meta.namespaceSerializer().duplicate(),
                    duplicateAll(meta.valueSerializers()), meta.hasTtl(), meta.ttlMillis(), meta.codec().duplicate(), meta.isFlat(),
                    meta.table().snapshot()));
        }
        Map<String, KeyGroupedSnapshotable.KeyGroupWriter> writers = new LinkedHashMap<>();
        for (KeyGroupedSnapshotable participant : participants.values()) {
            writers.put(participant.snapshotName(), participant.snapshot());
        }
        Map<String, Map<Integer, byte[]>> pending = new LinkedHashMap<>();
        restoredSections.forEach((name, sections) -> pending.put(name, new TreeMap<>(sections)));
        return new KeyedStateSnapshot(operatorName, keyGroupRange(), keySerializer().duplicate(), views, writers, pending, ttlTime(),
                () -> versions.release(version));
    }

    private static List<TypeSerializer<?>> duplicateAll(List<TypeSerializer<?>> serializers) {
        List<TypeSerializer<?>> copies = new ArrayList<>(serializers.size());
        for (TypeSerializer<?> s : serializers) {
            copies.add(s.duplicate());
        }
        return copies;
    }

    /**
     * Restores state from {@code handles} (possibly several, after rescaling), reading only the key
     * groups in this backend's range; task thread, before the operator registers its states.
     */
    public void restore(Collection<KeyGroupsStateHandle> handles, ClassLoader classLoader) throws IOException {
        KeyedStateReader reader = new KeyedStateReader(this, classLoader);
        for (KeyGroupsStateHandle handle : handles) {
            reader.read(handle);
        }
    }

    /** The state {@code info} describes, created empty with the restored serializers if new; for {@link KeyedStateReader}. */
    RegisteredKeyedState restoredState(RestoredStateInfo info) {
        RegisteredKeyedState meta = states.get(info.name());
        if (meta != null) {
            if (meta.kind() != info.kind()) {
                throw new IllegalStateException("Keyed state '" + info.name() + "' of operator '" + operatorName + "' is " + info.kind()
                        + " state in one restored handle and " + meta.kind() + " state in another: the checkpoint is inconsistent");
            }
            return meta;
        }
        List<TypeSerializer<?>> serializers = new ArrayList<>();
        info.valueSerializers().forEach(s -> serializers.add(s.restoreSerializer()));
        meta = new RegisteredKeyedState(info.name(), info.kind(), newTable(), info.namespaceSerializer().restoreSerializer(),
                serializers, info.ttl());
        states.put(info.name(), meta);
        restoredInfo.put(info.name(), info);
        return meta;
    }

    /** Keeps a restored participant section until its participant registers (or hands it over now if it has). */
    void restoredSection(String participant, int keyGroup, byte[] section) throws IOException {
        KeyGroupedSnapshotable registered = participants.get(participant);
        if (registered != null) {
            registered.restoreKeyGroup(keyGroup, new DataInputDeserializer(section));
        } else {
            restoredSections.computeIfAbsent(participant, name -> new TreeMap<>()).put(keyGroup, section);
        }
    }

    // ---------------------------------------------------------------- accessors

    /** The states registered or restored so far, in that order (for snapshots and tests). */
    public Collection<RegisteredKeyedState> registeredStates() {
        return Collections.unmodifiableCollection(new ArrayList<>(states.values()));
    }

    /** The values of state {@code stateName} in key group {@code keyGroup}, entry key to value, read-only. */
    public Map<Object, ?> stateEntriesOfKeyGroup(String stateName, int keyGroup) {
        RegisteredKeyedState state = states.get(stateName);
        if (state == null) {
            throw new IllegalArgumentException("operator '" + operatorName + "' has no keyed state named '" + stateName
                    + "' (registered: " + states.keySet() + ")");
        }
        if (keyGroup < firstKeyGroup || keyGroup > lastKeyGroup) {
            throw new IllegalArgumentException("key group: " + keyGroup + " (expected: " + firstKeyGroup + " to " + lastKeyGroup + ")");
        }
        return state.table().entriesOfKeyGroup(keyGroup);
    }

    /** The serializer of the keys, for snapshots. */
    public TypeSerializer<?> keySerializer() {
        if (keySerializer == null) {
            if (keyType == null) {
                throw new IllegalStateException("Bug: keyed state backend of '" + operatorName + "' has no key type");
            }
            keySerializer = keyType.createSerializer(serializerConfig);
        }
        return keySerializer;
    }

    String operatorName() {
        return operatorName;
    }

    /** The number of snapshots taken and not released yet. */
    int runningSnapshots() {
        return versions.runningCount();
    }

    public KeyGroupRange keyGroupRange() {
        return new KeyGroupRange(firstKeyGroup, lastKeyGroup);
    }

    public int getMaxParallelism() {
        return maxParallelism;
    }

    public int getFirstKeyGroup() {
        return firstKeyGroup;
    }

    public int getLastKeyGroup() {
        return lastKeyGroup;
    }

    @Override
    public String toString() {
        return "HeapKeyedStateBackend{" + operatorName + ", key groups " + firstKeyGroup + ".." + lastKeyGroup + " of " + maxParallelism
                + ", states " + states.keySet() + "}";
    }
}
