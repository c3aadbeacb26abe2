package io.eddy.api.common.state;

import io.eddy.api.common.typeinfo.TypeInfo;

/** Describes a {@link ListState}; the type is that of the list's elements. */
public class ListStateDescriptor<T> extends StateDescriptor<T> {

    private static final long serialVersionUID = 1L;

    public ListStateDescriptor(String name, Class<T> elementType) {
        this(name, TypeInfo.of(elementType));
    }

    public ListStateDescriptor(String name, TypeInfo<T> elementTypeInfo) {
        super(name, elementTypeInfo);
    }
}
