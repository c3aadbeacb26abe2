package io.eddy.streaming.api.windowing;

import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.streaming.api.windowing.evictors.TimestampedValue;
import java.util.Objects;

/** The type of {@link TimestampedValue}s of an element type: the contents of evicting windows in state. */
public final class TimestampedValueTypeInfo<T> extends TypeInfo<TimestampedValue<T>> {

    private static final long serialVersionUID = 1L;

    private final TypeInfo<T> valueType;

    public TimestampedValueTypeInfo(TypeInfo<T> valueType) {
        this.valueType = Objects.requireNonNull(valueType, "valueType");
    }

    public TypeInfo<T> getValueType() {
        return valueType;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Class<TimestampedValue<T>> getTypeClass() {
        return (Class) TimestampedValue.class;
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<TimestampedValue<T>> createSerializer(SerializerConfig config) {
        return new TimestampedValueSerializer<>(valueType.createSerializer(config));
    }

    @Override
    public String toString() {
        return "TimestampedValue<" + valueType + ">";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof TimestampedValueTypeInfo<?> other && other.valueType.equals(valueType);
    }

    @Override
    public int hashCode() {
        return valueType.hashCode() * 31 + 7;
    }
}
