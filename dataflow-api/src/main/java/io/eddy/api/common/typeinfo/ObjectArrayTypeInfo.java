package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.ObjectArraySerializer;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.lang.reflect.Array;
import java.util.Objects;

/** The type information of arrays of objects ({@code String[]}, {@code Tuple2<..>[]}, ...); elements may be null. Not key types. */
public final class ObjectArrayTypeInfo<T, C> extends TypeInfo<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> arrayClass;
    private final TypeInfo<C> componentInfo;

    @SuppressWarnings("unchecked")
    private ObjectArrayTypeInfo(TypeInfo<C> componentInfo) {
        this.componentInfo = Objects.requireNonNull(componentInfo, "componentInfo");
        this.arrayClass = (Class<T>) Array.newInstance(componentInfo.getTypeClass(), 0).getClass();
    }

    /** The type information of arrays whose elements are of {@code componentInfo}. */
    public static <C> ObjectArrayTypeInfo<C[], C> getInfoFor(TypeInfo<C> componentInfo) {
        if (componentInfo.getTypeClass().isPrimitive()) {
            throw new InvalidTypesException("Object array of primitive " + componentInfo + "; use Types.PRIMITIVE_ARRAY");
        }
        return new ObjectArrayTypeInfo<>(componentInfo);
    }

    public TypeInfo<C> getComponentInfo() {
        return componentInfo;
    }

    @Override
    public Class<T> getTypeClass() {
        return arrayClass;
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
    @SuppressWarnings("unchecked")
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return (TypeSerializer<T>) new ObjectArraySerializer<>(componentInfo.getTypeClass(), componentInfo.createSerializer(config));
    }

    @Override
    public String toString() {
        return componentInfo + "[]";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ObjectArrayTypeInfo<?, ?> other && other.componentInfo.equals(componentInfo);
    }

    @Override
    public int hashCode() {
        return 31 * componentInfo.hashCode() + 3;
    }
}
