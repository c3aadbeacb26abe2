package io.eddy.runtime.state;

import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.state.StateTtlConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.List;

/**
 * One piece of keyed state of a {@link HeapKeyedStateBackend}: its name, kind, serializers (of the
 * namespace and of the values), time to live, and its table. A state restored from a snapshot exists
 * before the operator registers it again (its serializers are then the restored ones, and it is
 * written into later snapshots as it is); registering replaces the serializers with the
 * descriptor's after checking that they can read the restored data.
 *
 * <p>Task thread only.
 */
public final class RegisteredKeyedState {

    private final String name;
    private final StateKind kind;
    private final StateTable<Object> table;
    private TypeSerializer<?> namespaceSerializer;
    private List<TypeSerializer<?>> valueSerializers;
    private boolean ttl;
    private StateValueCodec codec;
    private StateDescriptor<?> descriptor;
    private StateTtlConfig ttlConfig;
    private Object state;

    RegisteredKeyedState(String name, StateKind kind, StateTable<Object> table, TypeSerializer<?> namespaceSerializer,
            List<TypeSerializer<?>> valueSerializers, boolean ttl) {
        this.name = name;
        this.kind = kind;
        this.table = table;
        this.namespaceSerializer = namespaceSerializer;
        this.valueSerializers = List.copyOf(valueSerializers);
        this.ttl = ttl;
        this.codec = StateValueCodec.of(kind, this.valueSerializers, ttl);
    }

    /** Binds the state to the operator's descriptor, with the descriptor's serializers and time to live. */
    void bind(StateDescriptor<?> descriptor, TypeSerializer<?> namespaceSerializer, List<TypeSerializer<?>> valueSerializers) {
        this.descriptor = descriptor;
        this.ttlConfig = descriptor.getTtlConfig();
        this.namespaceSerializer = namespaceSerializer;
        this.valueSerializers = List.copyOf(valueSerializers);
        this.ttl = ttlConfig != null;
        this.codec = StateValueCodec.of(kind, this.valueSerializers, ttl);
    }

    void setState(Object state) {
        this.state = state;
    }

    public String name() {
        return name;
    }

    public StateKind kind() {
        return kind;
    }

    /** The descriptor the operator registered, or null for a restored state not registered again yet. */
    public StateDescriptor<?> descriptor() {
        return descriptor;
    }

    /** The serializer of the state's values (of the list elements for list state, of the map values for map state). */
    public TypeSerializer<?> valueSerializer() {
        return valueSerializers.get(kind == StateKind.MAP ? 1 : 0);
    }

    /** The number of entries (keys, or key and namespace pairs) that have a value in this state. */
    public int numberOfKeys() {
        return table.size();
    }

    /** Whether the state is scoped to keys only ({@link VoidNamespace}), so its table is keyed by the key alone. */
    boolean isFlat() {
        return namespaceSerializer instanceof VoidNamespaceSerializer;
    }

    TypeSerializer<?> namespaceSerializer() {
        return namespaceSerializer;
    }

    List<TypeSerializer<?>> valueSerializers() {
        return valueSerializers;
    }

    boolean hasTtl() {
        return ttl;
    }

    /** The time to live in ms; only for a registered state with TTL. */
    long ttlMillis() {
        return ttlConfig == null ? Long.MAX_VALUE : ttlConfig.getTtlMillis();
    }

    StateTtlConfig ttlConfig() {
        return ttlConfig;
    }

    StateValueCodec codec() {
        return codec;
    }

    StateTable<Object> table() {
        return table;
    }

    Object state() {
        return state;
    }
}
