package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.base.PrimitiveArraySerializer.Kind;
import io.eddy.api.common.typeutils.base.PrimitiveArraySerializer;
import java.util.Objects;

/** The type information of arrays of a primitive type ({@code int[]}, {@code byte[]}, ...). Not key types. */
public final class PrimitiveArrayTypeInfo<T> extends TypeInfo<T> {

    private static final long serialVersionUID = 1L;

    public static final PrimitiveArrayTypeInfo<boolean[]> BOOLEAN_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.BOOLEAN);
    public static final PrimitiveArrayTypeInfo<byte[]> BYTE_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.BYTE);
    public static final PrimitiveArrayTypeInfo<short[]> SHORT_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.SHORT);
    public static final PrimitiveArrayTypeInfo<int[]> INT_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.INT);
    public static final PrimitiveArrayTypeInfo<long[]> LONG_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.LONG);
    public static final PrimitiveArrayTypeInfo<float[]> FLOAT_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.FLOAT);
    public static final PrimitiveArrayTypeInfo<double[]> DOUBLE_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.DOUBLE);
    public static final PrimitiveArrayTypeInfo<char[]> CHAR_ARRAY = new PrimitiveArrayTypeInfo<>(Kind.CHAR);

    private final Kind kind;

    private PrimitiveArrayTypeInfo(Kind kind) {
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    /** The type information of {@code arrayClass}, or null if it is not an array of a primitive type. */
    @SuppressWarnings("unchecked")
    public static <X> PrimitiveArrayTypeInfo<X> getInfoFor(Class<X> arrayClass) {
        Kind kind = Kind.of(arrayClass);
        return kind == null ? null : (PrimitiveArrayTypeInfo<X>) new PrimitiveArrayTypeInfo<>(kind);
    }

    /** The type information of arrays of {@code elementType}, which must be a basic type of a primitive. */
    public static PrimitiveArrayTypeInfo<?> forElementType(TypeInfo<?> elementType) {
        Class<?> box = elementType.getTypeClass();
        for (Kind k : Kind.values()) {
            Class<?> primitive = k.arrayClass().getComponentType();
            if (BasicTypeInfo.getInfoFor(primitive) != null && BasicTypeInfo.getInfoFor(primitive).getTypeClass() == box) {
                return new PrimitiveArrayTypeInfo<>(k);
            }
        }
        throw new InvalidTypesException("Types.PRIMITIVE_ARRAY(" + elementType + "): the element type must be a"
                + " primitive's box (Types.INT, Types.LONG, ...); use Types.OBJECT_ARRAY for other element types");
    }

    @Override
    @SuppressWarnings("unchecked")
    public Class<T> getTypeClass() {
        return (Class<T>) kind.arrayClass();
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
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new PrimitiveArraySerializer<>(kind);
    }

    @Override
    public String toString() {
        return kind.arrayClass().getSimpleName();
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof PrimitiveArrayTypeInfo<?> other && other.kind == kind;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() + 7;
    }
}
