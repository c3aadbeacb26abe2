package io.eddy.api.common.state;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.io.Serializable;
import java.util.Objects;

/**
 * Names a piece of state and gives the type of its values. Two descriptors with the same name in
 * one operator refer to the same state.
 */
public abstract class StateDescriptor<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String name;
    private final TypeInfo<T> typeInfo;
    private StateTtlConfig ttlConfig;

    protected StateDescriptor(String name, TypeInfo<T> typeInfo) {
        this.name = Objects.requireNonNull(name, "name");
        this.typeInfo = Objects.requireNonNull(typeInfo, "typeInfo");
    }

    public String getName() {
        return name;
    }

    /** The type of the state's values (for a map state, of its values; see {@link MapStateDescriptor#getKeyTypeInfo()}). */
    public TypeInfo<T> getTypeInfo() {
        return typeInfo;
    }

    /**
     * Gives the state a time to live (see {@link StateTtlConfig}); call it before the state is
     * registered. Enabling or disabling TTL of existing state is not compatible with its checkpoints.
     */
    public void enableTimeToLive(StateTtlConfig ttlConfig) {
        this.ttlConfig = Objects.requireNonNull(ttlConfig, "ttlConfig");
    }

    /** The time to live, or null if values never expire. */
    public StateTtlConfig getTtlConfig() {
        return ttlConfig;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{name=" + name + ", type=" + typeInfo + "}";
    }
}
