package io.eddy.hadoop.typeinfo;

import io.eddy.api.common.typeinfo.AtomicType;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.lang.reflect.Modifier;
import java.util.Objects;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparable;

/**
 * The type information of a Hadoop {@link Writable} class: an atomic type serialized by {@link
 * WritableSerializer}; a key type (for {@code groupBy}, joins, sorting) when the class is a {@link
 * WritableComparable}, ordered by {@link WritableKeyComparator}. {@link WritableTypeFamily} makes it
 * the type of every concrete {@code Writable} class a program uses.
 */
public final class WritableTypeInfo<T extends Writable> extends TypeInfo<T> implements AtomicType<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;

    public WritableTypeInfo(Class<T> type) {
        this.type = Objects.requireNonNull(type, "type");
        if (!Writable.class.isAssignableFrom(type) || type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw new IllegalArgumentException("type: " + type.getName() + " (expected: a concrete class implementing "
                    + Writable.class.getName() + ")");
        }
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
        return WritableComparable.class.isAssignableFrom(type);
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return new WritableSerializer<>(type);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TypeComparator<T> createComparator(boolean ascending, SerializerConfig config) {
        if (!isKeyType()) {
            throw new UnsupportedOperationException("Writable " + type.getName() + " is not a key type: it does not implement "
                    + WritableComparable.class.getName() + "; group, join or sort by a WritableComparable field instead");
        }
        return new WritableKeyComparator(type, ascending);
    }

    @Override
    public String toString() {
        return "Writable<" + type.getName() + ">";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof WritableTypeInfo<?> other && other.type == type;
    }

    @Override
    public int hashCode() {
        return type.hashCode();
    }
}
