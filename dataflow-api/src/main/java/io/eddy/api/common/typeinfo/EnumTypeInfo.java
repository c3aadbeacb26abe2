package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.base.EnumComparator;
import io.eddy.api.common.typeutils.base.EnumSerializer;
import java.util.Objects;

/** The type information of an enum: serialized as the ordinal, a key type ordered by ordinal. */
public final class EnumTypeInfo<T extends Enum<T>> extends TypeInfo<T> implements AtomicType<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> enumClass;

    public EnumTypeInfo(Class<T> enumClass) {
        this.enumClass = Objects.requireNonNull(enumClass, "enumClass");
        if (!enumClass.isEnum()) {
            throw new InvalidTypesException("Class " + enumClass.getName() + " is not an enum; use Types.POJO or Types.GENERIC");
        }
    }

    @Override
    public Class<T> getTypeClass() {
        return enumClass;
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
        return true;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new EnumSerializer<>(enumClass);
    }

    @Override
    public TypeComparator<T> createComparator(boolean ascending, SerializerConfig config) {
        return new EnumComparator<>(ascending);
    }

    @Override
    public String toString() {
        return "Enum<" + enumClass.getSimpleName() + ">";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof EnumTypeInfo<?> other && other.enumClass == enumClass;
    }

    @Override
    public int hashCode() {
        return enumClass.hashCode();
    }
}
