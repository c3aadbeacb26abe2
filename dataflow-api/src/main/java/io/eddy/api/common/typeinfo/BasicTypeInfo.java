package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.base.BigDecComparator;
import io.eddy.api.common.typeutils.base.BigDecSerializer;
import io.eddy.api.common.typeutils.base.BigIntComparator;
import io.eddy.api.common.typeutils.base.BigIntSerializer;
import io.eddy.api.common.typeutils.base.BooleanComparator;
import io.eddy.api.common.typeutils.base.BooleanSerializer;
import io.eddy.api.common.typeutils.base.ByteComparator;
import io.eddy.api.common.typeutils.base.ByteSerializer;
import io.eddy.api.common.typeutils.base.CharComparator;
import io.eddy.api.common.typeutils.base.CharSerializer;
import io.eddy.api.common.typeutils.base.DoubleComparator;
import io.eddy.api.common.typeutils.base.DoubleSerializer;
import io.eddy.api.common.typeutils.base.FloatComparator;
import io.eddy.api.common.typeutils.base.FloatSerializer;
import io.eddy.api.common.typeutils.base.InstantComparator;
import io.eddy.api.common.typeutils.base.InstantSerializer;
import io.eddy.api.common.typeutils.base.IntComparator;
import io.eddy.api.common.typeutils.base.IntSerializer;
import io.eddy.api.common.typeutils.base.LocalDateComparator;
import io.eddy.api.common.typeutils.base.LocalDateSerializer;
import io.eddy.api.common.typeutils.base.LongComparator;
import io.eddy.api.common.typeutils.base.LongSerializer;
import io.eddy.api.common.typeutils.base.ShortComparator;
import io.eddy.api.common.typeutils.base.ShortSerializer;
import io.eddy.api.common.typeutils.base.StringComparator;
import io.eddy.api.common.typeutils.base.StringSerializer;
import io.eddy.api.common.typeutils.base.VoidSerializer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The type information of the boxes of all primitives, {@code String}, {@code Void}, {@code
 * BigInteger}, {@code BigDecimal}, {@code Instant} and {@code LocalDate}. One canonical instance
 * per class (see {@link #getInfoFor}); all but {@code Void} are key types.
 */
public final class BasicTypeInfo<T> extends TypeInfo<T> implements AtomicType<T> {

    private static final long serialVersionUID = 1L;

    public static final BasicTypeInfo<String> STRING_TYPE_INFO = new BasicTypeInfo<>(String.class, new StringSerializer(), StringComparator::new);
    public static final BasicTypeInfo<Boolean> BOOLEAN_TYPE_INFO = new BasicTypeInfo<>(Boolean.class, BooleanSerializer.INSTANCE, BooleanComparator::new);
    public static final BasicTypeInfo<Byte> BYTE_TYPE_INFO = new BasicTypeInfo<>(Byte.class, ByteSerializer.INSTANCE, ByteComparator::new);
    public static final BasicTypeInfo<Short> SHORT_TYPE_INFO = new BasicTypeInfo<>(Short.class, ShortSerializer.INSTANCE, ShortComparator::new);
    public static final BasicTypeInfo<Integer> INT_TYPE_INFO = new BasicTypeInfo<>(Integer.class, IntSerializer.INSTANCE, IntComparator::new);
    public static final BasicTypeInfo<Long> LONG_TYPE_INFO = new BasicTypeInfo<>(Long.class, LongSerializer.INSTANCE, LongComparator::new);
    public static final BasicTypeInfo<Float> FLOAT_TYPE_INFO = new BasicTypeInfo<>(Float.class, FloatSerializer.INSTANCE, FloatComparator::new);
    public static final BasicTypeInfo<Double> DOUBLE_TYPE_INFO = new BasicTypeInfo<>(Double.class, DoubleSerializer.INSTANCE, DoubleComparator::new);
    public static final BasicTypeInfo<Character> CHAR_TYPE_INFO = new BasicTypeInfo<>(Character.class, CharSerializer.INSTANCE, CharComparator::new);
    public static final BasicTypeInfo<Void> VOID_TYPE_INFO = new BasicTypeInfo<>(Void.class, VoidSerializer.INSTANCE, null);
    public static final BasicTypeInfo<BigInteger> BIG_INT_TYPE_INFO = new BasicTypeInfo<>(BigInteger.class, BigIntSerializer.INSTANCE, BigIntComparator::new);
    public static final BasicTypeInfo<BigDecimal> BIG_DEC_TYPE_INFO = new BasicTypeInfo<>(BigDecimal.class, BigDecSerializer.INSTANCE, BigDecComparator::new);
    public static final BasicTypeInfo<Instant> INSTANT_TYPE_INFO = new BasicTypeInfo<>(Instant.class, InstantSerializer.INSTANCE, InstantComparator::new);
    public static final BasicTypeInfo<LocalDate> LOCAL_DATE_TYPE_INFO = new BasicTypeInfo<>(LocalDate.class, LocalDateSerializer.INSTANCE, LocalDateComparator::new);

    private static final Map<Class<?>, BasicTypeInfo<?>> TYPES = new LinkedHashMap<>();

    static {
        for (BasicTypeInfo<?> info : new BasicTypeInfo<?>[] {STRING_TYPE_INFO, BOOLEAN_TYPE_INFO, BYTE_TYPE_INFO,
                SHORT_TYPE_INFO, INT_TYPE_INFO, LONG_TYPE_INFO, FLOAT_TYPE_INFO, DOUBLE_TYPE_INFO, CHAR_TYPE_INFO,
                VOID_TYPE_INFO, BIG_INT_TYPE_INFO, BIG_DEC_TYPE_INFO, INSTANT_TYPE_INFO, LOCAL_DATE_TYPE_INFO}) {
            TYPES.put(info.clazz, info);
        }
        TYPES.put(boolean.class, BOOLEAN_TYPE_INFO);
        TYPES.put(byte.class, BYTE_TYPE_INFO);
        TYPES.put(short.class, SHORT_TYPE_INFO);
        TYPES.put(int.class, INT_TYPE_INFO);
        TYPES.put(long.class, LONG_TYPE_INFO);
        TYPES.put(float.class, FLOAT_TYPE_INFO);
        TYPES.put(double.class, DOUBLE_TYPE_INFO);
        TYPES.put(char.class, CHAR_TYPE_INFO);
        TYPES.put(void.class, VOID_TYPE_INFO);
    }

    private final Class<T> clazz;
    private final TypeSerializer<T> serializer;
    /** Creates the comparator for a direction; null for types that are not keys. Not serialized: restored by readResolve. */
    private final transient Function<Boolean, TypeComparator<T>> comparatorFactory;

    private BasicTypeInfo(Class<T> clazz, TypeSerializer<T> serializer, Function<Boolean, TypeComparator<T>> comparatorFactory) {
        this.clazz = clazz;
        this.serializer = serializer;
        this.comparatorFactory = comparatorFactory;
    }

    /** The basic type information for {@code type} (a primitive maps to its box), or null if it is not basic. */
    @SuppressWarnings("unchecked")
    public static <X> BasicTypeInfo<X> getInfoFor(Class<X> type) {
        return (BasicTypeInfo<X>) TYPES.get(type);
    }

    @Override
    public Class<T> getTypeClass() {
        return clazz;
    }

    @Override
    public boolean isBasicType() {
        return true;
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
        return comparatorFactory != null;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return serializer.duplicate();
    }

    @Override
    public TypeComparator<T> createComparator(boolean ascending, SerializerConfig config) {
        if (comparatorFactory == null) {
            throw new InvalidTypesException("Type " + clazz.getSimpleName() + " cannot be a key: its values cannot be"
                    + " compared; key by another field");
        }
        return comparatorFactory.apply(ascending);
    }

    private Object readResolve() {
        return TYPES.get(clazz);
    }

    @Override
    public String toString() {
        return clazz.getSimpleName();
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof BasicTypeInfo<?> other && other.clazz == clazz;
    }

    @Override
    public int hashCode() {
        return clazz.hashCode();
    }
}
