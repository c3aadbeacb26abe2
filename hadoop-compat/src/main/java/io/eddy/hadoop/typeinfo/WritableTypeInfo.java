package io.eddy.hadoop.typeinfo;

import io.eddy.api.common.typeinfo.AtomicType;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.hadoop.impl.SerializableJobConf;
import java.lang.reflect.Modifier;
import java.util.Objects;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.mapred.JobConf;

/**
 * The type information of a Hadoop {@link Writable} class: an atomic type serialized by {@link
 * WritableSerializer}; a key type (for {@code groupBy}, joins, sorting) when the class is a {@link
 * WritableComparable} (or given a comparator), ordered by {@link WritableKeyComparator}. {@link WritableTypeFamily} makes it
 * the type of every concrete {@code Writable} class a program uses.
 */
public final class WritableTypeInfo<T extends Writable> extends TypeInfo<T> implements AtomicType<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    /** The comparator to order keys by instead of Hadoop's registered one (a job's sort comparator), or null. */
    private final Class<? extends RawComparator> comparatorClass;
    private final SerializableJobConf conf;

    public WritableTypeInfo(Class<T> type) {
        this(type, null, null);
    }

    /**
     * {@code type} ordered by {@code comparatorClass} (made with {@code conf}) rather than by Hadoop's
     * registered comparator: a MapReduce job's map output key, sorted by the job's sort comparator.
     */
    public WritableTypeInfo(Class<T> type, Class<? extends RawComparator> comparatorClass, JobConf conf) {
        this.type = Objects.requireNonNull(type, "type");
        this.comparatorClass = comparatorClass;
        this.conf = comparatorClass == null ? null : new SerializableJobConf(Objects.requireNonNull(conf, "conf"));
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
        return comparatorClass != null || WritableComparable.class.isAssignableFrom(type);
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
        return comparatorClass == null ? new WritableKeyComparator(type, ascending)
                : new WritableKeyComparator(type, ascending, comparatorClass, conf.get());
    }

    @Override
    public String toString() {
        return "Writable<" + type.getName() + (comparatorClass == null ? "" : " by " + comparatorClass.getName()) + ">";
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof WritableTypeInfo<?> other && other.type == type && other.comparatorClass == comparatorClass;
    }

    @Override
    public int hashCode() {
        return type.hashCode();
    }
}
