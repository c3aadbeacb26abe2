package io.eddy.streaming.api.functions.aggregation;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The rolling sum of one numeric field ({@code KeyedStream.sum}): the result is a copy of the
 * first record of the key with the field replaced by the sum, like Flink's. Integer fields wrap
 * around on overflow, as Java arithmetic does.
 */
public final class SumAggregator<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    private final FieldAccessor<T, Object> accessor;
    private final TypeSerializer<T> serializer;
    private final NumberAdder adder;

    /**
     * @param serializer copies the first record, so a record already emitted is never changed
     * @param operatorName names the operator in errors
     * @throws IllegalArgumentException if the field is not numeric
     */
    @SuppressWarnings("unchecked")
    public SumAggregator(FieldAccessor<T, ?> accessor, TypeSerializer<T> serializer, String operatorName) {
        this.accessor = (FieldAccessor<T, Object>) accessor;
        this.serializer = serializer;
        TypeInfo<?> fieldType = accessor.getFieldType();
        this.adder = NumberAdder.forClass(fieldType.getTypeClass());
        if (adder == null) {
            throw new IllegalArgumentException("Operator '" + operatorName + "': the field has type " + fieldType
                    + ", which cannot be summed (expected: byte, short, int, long, float, double, BigInteger or BigDecimal)");
        }
    }

    @Override
    public T reduce(T value1, T value2) {
        Object sum = adder.add(accessor.get(value1), accessor.get(value2));
        return accessor.set(serializer.copy(value1), sum);
    }

    /** Adds two boxed numbers of one class. */
    enum NumberAdder {
        BYTE {
            @Override
            Object add(Object a, Object b) {
                return (byte) ((Byte) a + (Byte) b);
            }
        },
        SHORT {
            @Override
            Object add(Object a, Object b) {
                return (short) ((Short) a + (Short) b);
            }
        },
        INT {
            @Override
            Object add(Object a, Object b) {
                return (Integer) a + (Integer) b;
            }
        },
        LONG {
            @Override
            Object add(Object a, Object b) {
                return (Long) a + (Long) b;
            }
        },
        FLOAT {
            @Override
            Object add(Object a, Object b) {
                return (Float) a + (Float) b;
            }
        },
        DOUBLE {
            @Override
            Object add(Object a, Object b) {
                return (Double) a + (Double) b;
            }
        },
        BIG_INTEGER {
            @Override
            Object add(Object a, Object b) {
                return ((BigInteger) a).add((BigInteger) b);
            }
        },
        BIG_DECIMAL {
            @Override
            Object add(Object a, Object b) {
                return ((BigDecimal) a).add((BigDecimal) b);
            }
        };

        abstract Object add(Object a, Object b);

        /** The adder for {@code type} (boxed or primitive), or null if it is not numeric. */
        static NumberAdder forClass(Class<?> type) {
            if (type == Byte.class || type == byte.class) {
                return BYTE;
            } else if (type == Short.class || type == short.class) {
                return SHORT;
            } else if (type == Integer.class || type == int.class) {
                return INT;
            } else if (type == Long.class || type == long.class) {
                return LONG;
            } else if (type == Float.class || type == float.class) {
                return FLOAT;
            } else if (type == Double.class || type == double.class) {
                return DOUBLE;
            } else if (type == BigInteger.class) {
                return BIG_INTEGER;
            } else if (type == BigDecimal.class) {
                return BIG_DECIMAL;
            }
            return null;
        }
    }
}
