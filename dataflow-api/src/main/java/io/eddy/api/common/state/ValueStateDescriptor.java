package io.eddy.api.common.state;

import io.eddy.api.common.typeinfo.TypeInfo;

/** Describes a {@link ValueState}. */
public class ValueStateDescriptor<T> extends StateDescriptor<T> {

    private static final long serialVersionUID = 1L;

    public ValueStateDescriptor(String name, Class<T> type) {
        this(name, TypeInfo.of(type));
    }

    public ValueStateDescriptor(String name, TypeInfo<T> typeInfo) {
        super(name, typeInfo);
    }
}
