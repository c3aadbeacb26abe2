package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import java.io.Serializable;

/**
 * The order of the values of one field for {@code min}, {@code max}, {@code minBy} and {@code
 * maxBy}: the ascending comparator of the field's type when it is an atomic sort key type, so that
 * these aggregations agree with sorting on that field (also for a registered type family, whose
 * comparator may order differently than its class's {@code compareTo}); otherwise the values'
 * {@link Comparable} order. For the built-in basic types and enums both orders are the same.
 *
 * <p>Not thread-safe (it holds a comparator): used by the one function instance that owns it.
 */
public final class ValueOrder implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The type's comparator, or null to compare as {@link Comparable}. */
    private final TypeComparator<Object> comparator;

    private ValueOrder(TypeComparator<Object> comparator) {
        this.comparator = comparator;
    }

    /** Whether values of {@code type} have an order: an atomic sort key type, a primitive or a {@link Comparable} class. */
    public static boolean isOrdered(TypeInfo<?> type) {
        Class<?> c = type.getTypeClass();
        return (type instanceof AtomicType<?> && type.isSortKeyType()) || c.isPrimitive() || Comparable.class.isAssignableFrom(c);
    }

    /**
     * The order of values of {@code type}.
     *
     * @throws IllegalArgumentException if the values have no order ({@link #isOrdered} is false)
     */
    @SuppressWarnings("unchecked")
    public static ValueOrder of(TypeInfo<?> type) {
        if (type instanceof AtomicType<?> atomic && type.isSortKeyType()) {
            // compare(Object, Object) of an atomic comparator works on objects, so the job's
            // serializer registrations are not needed here.
            return new ValueOrder((TypeComparator<Object>) atomic.createComparator(true, new SerializerConfig()));
        }
        if (!isOrdered(type)) {
            throw new IllegalArgumentException("type " + type + " has no order (expected: a number, String, another Comparable"
                    + " type, or a type whose TypeInfo is an AtomicType sort key)");
        }
        return new ValueOrder(null);
    }

    /** Compares two non-null values: negative, zero or positive as {@code first} is smaller, equal or larger. */
    @SuppressWarnings("unchecked")
    public int compare(Object first, Object second) {
        return comparator != null ? comparator.compare(first, second) : ((Comparable<Object>) first).compareTo(second);
    }
}
