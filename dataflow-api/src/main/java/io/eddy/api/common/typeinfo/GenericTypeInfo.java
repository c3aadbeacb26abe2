package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.ComparableComparator;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.KryoSerializer;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.Objects;

/**
 * The type information of a class Eddy does not analyse: serialized with Kryo ({@link
 * KryoSerializer}). A key type only if the class is {@link Comparable}; then serialized values are
 * deserialized to compare them, and there is no normalized key.
 */
public final class GenericTypeInfo<T> extends TypeInfo<T> implements AtomicType<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;

    public GenericTypeInfo(Class<T> type) {
        this.type = Objects.requireNonNull(type, "type");
    }

    @Override
    public Class<T> getTypeClass() {
        return type;
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
        return Comparable.class.isAssignableFrom(type);
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new KryoSerializer<>(type, config);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TypeComparator<T> createComparator(boolean ascending, SerializerConfig config) {
        if (!isKeyType()) {
            throw new InvalidTypesException("Type " + type.getName() + " cannot be a key: it is not Comparable and Eddy"
                    + " does not analyse it (it is serialized with Kryo); make it Comparable, a POJO or a record, or key by"
                    + " one of its fields with a KeySelector");
        }
        return new ComparableComparator(ascending, createSerializer(config));
    }

    @Override
    public String toString() {
        return "GenericType<" + type.getName() + ">";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof GenericTypeInfo<?> other && other.type == type;
    }

    @Override
    public int hashCode() {
        return type.hashCode() * 17;
    }
}
