package io.eddy.runtime.state;

import io.eddy.api.common.state.StateDescriptor;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;

/**
 * One piece of keyed state registered in a {@link HeapKeyedStateBackend}: its name, kind and
 * descriptor, and its values per key group. A snapshot writes, per key group, each key with the
 * key serializer and its value with {@link #valueSerializer}.
 */
public final class RegisteredKeyedState {

    private final StateKind kind;
    private final StateDescriptor<?> descriptor;
    private final StateTable<?> table;
    private final SerializerConfig serializerConfig;
    private final Object state;

    RegisteredKeyedState(StateKind kind, StateDescriptor<?> descriptor, StateTable<?> table, SerializerConfig serializerConfig,
            Object state) {
        this.kind = kind;
        this.descriptor = descriptor;
        this.table = table;
        this.serializerConfig = serializerConfig;
        this.state = state;
    }

    public String name() {
        return descriptor.getName();
    }

    public StateKind kind() {
        return kind;
    }

    public StateDescriptor<?> descriptor() {
        return descriptor;
    }

    /** The serializer of the state's values (of the list elements for list state, of the map values for map state). */
    public TypeSerializer<?> valueSerializer() {
        return descriptor.getTypeInfo().createSerializer(serializerConfig);
    }

    /** The number of keys that have a value in this state. */
    public int numberOfKeys() {
        return table.size();
    }

    StateTable<?> table() {
        return table;
    }

    Object state() {
        return state;
    }
}
