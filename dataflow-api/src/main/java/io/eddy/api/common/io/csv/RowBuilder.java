package io.eddy.api.common.io.csv;

import io.eddy.api.common.typeinfo.PojoTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.java.tuple.Tuple;
import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;

/**
 * Builds the value of one CSV line from its parsed fields: a tuple, a Java record (through the
 * canonical constructor) or a POJO (fields set by name, resolved once). Serializable with the
 * format; reflective handles are resolved lazily on the reading thread.
 */
abstract class RowBuilder<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The types of the fields to parse, in the order they appear in the file. */
    abstract Class<?>[] fieldTypes();

    abstract TypeInfo<T> producedType();

    /**
     * The value for {@code values} (one per field type), filling {@code reuse} where the type is mutable.
     *
     * @throws IllegalArgumentException if the type's constructor rejected the values
     */
    abstract T build(T reuse, Object[] values);

    static <T extends Tuple> RowBuilder<T> forTuples(Class<?>... types) {
        return new TupleBuilder<>(types);
    }

    static <T> RowBuilder<T> forRecords(Class<T> recordClass) {
        return new RecordBuilder<>(recordClass);
    }

    static <T> RowBuilder<T> forPojos(Class<T> pojoClass, String... fieldNames) {
        return new PojoBuilder<>(pojoClass, fieldNames);
    }

    private static Class<?> boxed(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        if (type == int.class) {
            return Integer.class;
        } else if (type == long.class) {
            return Long.class;
        } else if (type == double.class) {
            return Double.class;
        } else if (type == float.class) {
            return Float.class;
        } else if (type == boolean.class) {
            return Boolean.class;
        } else if (type == short.class) {
            return Short.class;
        } else if (type == byte.class) {
            return Byte.class;
        }
        return Character.class;
    }

    private static final class TupleBuilder<T extends Tuple> extends RowBuilder<T> {
        private static final long serialVersionUID = 1L;
        private final Class<?>[] types;

        TupleBuilder(Class<?>[] types) {
            if (types == null || types.length < 1 || types.length > Tuple.MAX_ARITY) {
                throw new IllegalArgumentException("CsvInputFormat.forTuples: " + (types == null ? 0 : types.length)
                        + " field types (expected: 1.." + Tuple.MAX_ARITY + ")");
            }
            this.types = new Class<?>[types.length];
            for (int i = 0; i < types.length; i++) {
                this.types[i] = boxed(types[i]);
                FieldParser.forType(this.types[i]);
            }
        }

        @Override
        Class<?>[] fieldTypes() {
            return types.clone();
        }

        @Override
        TypeInfo<T> producedType() {
            TypeInfo<?>[] infos = new TypeInfo<?>[types.length];
            for (int i = 0; i < types.length; i++) {
                infos[i] = TypeInfo.of(types[i]);
            }
            return Types.TUPLE(infos);
        }

        @Override
        @SuppressWarnings("unchecked")
        T build(T reuse, Object[] values) {
            T tuple = reuse != null ? reuse : (T) Tuple.newInstance(types.length);
            for (int i = 0; i < values.length; i++) {
                tuple.setField(values[i], i);
            }
            return tuple;
        }
    }

    private static final class RecordBuilder<T> extends RowBuilder<T> {
        private static final long serialVersionUID = 1L;
        private final Class<T> recordClass;
        private final Class<?>[] types;
        private transient Constructor<T> constructor;

        RecordBuilder(Class<T> recordClass) {
            if (!recordClass.isRecord()) {
                throw new IllegalArgumentException("CsvInputFormat.forRecords: " + recordClass.getName()
                        + " is not a record class; use forPojos(class, fieldNames...) for a POJO");
            }
            this.recordClass = recordClass;
            RecordComponent[] components = recordClass.getRecordComponents();
            this.types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                try {
                    FieldParser.forType(types[i]);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("Record " + recordClass.getName() + ", component '"
                            + components[i].getName() + "': " + e.getMessage(), e);
                }
            }
        }

        @Override
        Class<?>[] fieldTypes() {
            return types.clone();
        }

        @Override
        TypeInfo<T> producedType() {
            return Types.RECORD(recordClass);
        }

        @Override
        T build(T reuse, Object[] values) {
            if (constructor == null) {
                try {
                    constructor = recordClass.getDeclaredConstructor(types);
                    constructor.setAccessible(true);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    throw new IllegalStateException("Record " + recordClass.getName() + ": its canonical constructor"
                            + " cannot be called (" + e + "); make the record public", e);
                }
            }
            try {
                return constructor.newInstance(values);
            } catch (InvocationTargetException e) {
                throw new IllegalArgumentException("rejected by the constructor of " + recordClass.getSimpleName() + ": "
                        + e.getCause(), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Bug: cannot create record " + recordClass.getName() + " from "
                        + Arrays.toString(values), e);
            }
        }
    }

    private static final class PojoBuilder<T> extends RowBuilder<T> {
        private static final long serialVersionUID = 1L;
        private final Class<T> pojoClass;
        private final PojoTypeInfo<T> typeInfo;
        private final Class<?>[] types;
        private final FieldAccessor<T, Object>[] accessors;
        private transient Constructor<T> constructor;

        @SuppressWarnings("unchecked")
        PojoBuilder(Class<T> pojoClass, String[] fieldNames) {
            this.pojoClass = pojoClass;
            this.typeInfo = (PojoTypeInfo<T>) Types.POJO(pojoClass);
            if (fieldNames == null || fieldNames.length == 0) {
                throw new IllegalArgumentException("CsvInputFormat.forPojos(" + pojoClass.getSimpleName()
                        + "): no field names (expected: the POJO field of each CSV column, in file order); its fields are "
                        + Arrays.toString(typeInfo.getFieldNames()));
            }
            this.types = new Class<?>[fieldNames.length];
            this.accessors = new FieldAccessor[fieldNames.length];
            for (int i = 0; i < fieldNames.length; i++) {
                int index = typeInfo.getFieldIndex(fieldNames[i]);
                if (index < 0) {
                    throw new IllegalArgumentException("CsvInputFormat.forPojos(" + pojoClass.getSimpleName() + "): no field '"
                            + fieldNames[i] + "'; its fields are " + Arrays.toString(typeInfo.getFieldNames()));
                }
                types[i] = typeInfo.getTypeAt(index).getTypeClass();
                FieldParser.forType(types[i]);
                accessors[i] = typeInfo.getFieldAccessor(index);
            }
        }

        @Override
        Class<?>[] fieldTypes() {
            return types.clone();
        }

        @Override
        TypeInfo<T> producedType() {
            return typeInfo;
        }

        @Override
        T build(T reuse, Object[] values) {
            T pojo = reuse != null ? reuse : newInstance();
            for (int i = 0; i < values.length; i++) {
                pojo = accessors[i].set(pojo, values[i]);
            }
            return pojo;
        }

        private T newInstance() {
            try {
                if (constructor == null) {
                    constructor = pojoClass.getDeclaredConstructor();
                    constructor.setAccessible(true);
                }
                return constructor.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("POJO " + pojoClass.getName() + " cannot be created with its"
                        + " no-argument constructor: " + e, e);
            }
        }
    }
}
