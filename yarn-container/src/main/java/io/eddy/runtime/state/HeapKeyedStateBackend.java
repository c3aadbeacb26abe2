package io.eddy.runtime.state;

import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.jobgraph.KeyGroups;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Keyed state of one operator instance, on the heap. The state objects it hands out read and
 * write the values of the <em>current key</em>, which the keyed operator sets with
 * {@link #setCurrentKey} before each record. Values are kept per key group ({@link KeyGroups}) of
 * the range this subtask owns, so that a later snapshot can write them key group by key group;
 * values are the objects themselves (nothing is serialized while the job runs).
 *
 * <p>Thread ownership: the task thread only, like the operator it belongs to.
 */
public final class HeapKeyedStateBackend {

    private final String operatorName;
    private final TypeInfo<?> keyType;
    private final SerializerConfig serializerConfig;
    private final int maxParallelism;
    private final int firstKeyGroup;
    private final int lastKeyGroup;
    private final Map<String, RegisteredKeyedState> states = new LinkedHashMap<>();

    private Object currentKey;
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
        int keyGroup = KeyGroups.keyGroupFor(key, maxParallelism);
        if (keyGroup < firstKeyGroup || keyGroup > lastKeyGroup) {
            throw new IllegalStateException("Key " + key + " of operator '" + operatorName + "' belongs to key group " + keyGroup
                    + ", which this subtask does not hold (it holds key groups " + firstKeyGroup + " to " + lastKeyGroup
                    + "). The record was partitioned with a different key selector or max parallelism than the operator uses; "
                    + "is the key's hashCode deterministic across JVMs (not an enum's or an Object's identity hash)?");
        }
        this.currentKey = key;
        this.currentKeyGroupIndex = keyGroup - firstKeyGroup;
    }

    /** The current key, or null before the first {@link #setCurrentKey}. */
    public Object getCurrentKey() {
        return currentKey;
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

    public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        return register(StateKind.VALUE, descriptor, table -> new HeapValueState<>(this, cast(table)));
    }

    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        return register(StateKind.LIST, descriptor, table -> new HeapListState<T>(this, cast(table), descriptor.getName()));
    }

    public <UK, UV> MapState<UK, UV> getMapState(MapStateDescriptor<UK, UV> descriptor) {
        return register(StateKind.MAP, descriptor, table -> new HeapMapState<UK, UV>(this, cast(table)));
    }

    /** The states registered so far, in registration order (for snapshots and tests). */
    public Collection<RegisteredKeyedState> registeredStates() {
        return Collections.unmodifiableCollection(new ArrayList<>(states.values()));
    }

    /** The values of state {@code stateName} in key group {@code keyGroup}, key to value, read-only. */
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
        if (keyType == null) {
            throw new IllegalStateException("Bug: keyed state backend of '" + operatorName + "' has no key type");
        }
        return keyType.createSerializer(serializerConfig);
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

    @SuppressWarnings("unchecked")
    private <S> S register(StateKind kind, StateDescriptor<?> descriptor, java.util.function.Function<StateTable<?>, S> factory) {
        Objects.requireNonNull(descriptor, "descriptor");
        RegisteredKeyedState existing = states.get(descriptor.getName());
        if (existing != null) {
            if (existing.kind() != kind) {
                throw new IllegalStateException("Operator '" + operatorName + "' already has " + existing.kind() + " state named '"
                        + descriptor.getName() + "'; it cannot also be " + kind + " state: give the " + kind + " state another name");
            }
            return (S) existing.state();
        }
        StateTable<?> table = new StateTable<>(firstKeyGroup, lastKeyGroup - firstKeyGroup + 1);
        S state = factory.apply(table);
        states.put(descriptor.getName(), new RegisteredKeyedState(kind, descriptor, table, serializerConfig, state));
        return state;
    }

    @SuppressWarnings("unchecked")
    private static <X> StateTable<X> cast(StateTable<?> table) {
        return (StateTable<X>) table;
    }

    @Override
    public String toString() {
        return "HeapKeyedStateBackend{" + operatorName + ", key groups " + firstKeyGroup + ".." + lastKeyGroup + " of " + maxParallelism
                + ", states " + states.keySet() + "}";
    }
}
