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

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{name=" + name + ", type=" + typeInfo + "}";
    }
}
