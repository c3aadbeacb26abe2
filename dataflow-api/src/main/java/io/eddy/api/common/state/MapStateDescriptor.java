package io.eddy.api.common.state;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.Objects;

/** Describes a {@link MapState}. */
public class MapStateDescriptor<K, V> extends StateDescriptor<V> {

    private static final long serialVersionUID = 1L;

    private final TypeInfo<K> keyTypeInfo;

    public MapStateDescriptor(String name, Class<K> keyType, Class<V> valueType) {
        this(name, TypeInfo.of(keyType), TypeInfo.of(valueType));
    }

    public MapStateDescriptor(String name, TypeInfo<K> keyTypeInfo, TypeInfo<V> valueTypeInfo) {
        super(name, valueTypeInfo);
        this.keyTypeInfo = Objects.requireNonNull(keyTypeInfo, "keyTypeInfo");
    }

    public TypeInfo<K> getKeyTypeInfo() {
        return keyTypeInfo;
    }
}
