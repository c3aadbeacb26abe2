package io.eddy.api.common.typeutils;

import io.eddy.api.common.typeinfo.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;

/**
 * Field accessors for POJO fields and record components, resolved once to method handles (and
 * resolved again after Java deserialization, as handles are not serializable). No reflective
 * lookup happens per record. All accessors are safe to share between threads: the lazily resolved
 * handles are idempotent, so a race only resolves them twice.
 */
public final class MemberAccessors {

    private MemberAccessors() {
    }

    /** An accessor of the field {@code fieldName} declared by {@code declaringClass} (any visibility, not final). */
    public static <T, F> FieldAccessor<T, F> pojoField(Class<?> declaringClass, String fieldName, TypeInfo<F> type) {
        PojoFieldAccessor<T, F> accessor = new PojoFieldAccessor<>(declaringClass, fieldName, type);
        accessor.handles();
        return accessor;
    }

    /** An accessor of component {@code index} of {@code recordClass}; {@code set} creates a new record. */
    public static <T, F> FieldAccessor<T, F> recordComponent(Class<T> recordClass, int index, TypeInfo<F> type) {
        RecordAccessor<T, F> accessor = new RecordAccessor<>(new RecordFactory<>(recordClass), index, type);
        accessor.factory.handles();
        return accessor;
    }

    static MethodHandles.Lookup lookupFor(Class<?> type) throws IllegalAccessException {
        return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
    }

    static RuntimeException rethrow(Throwable t, String what) {
        if (t instanceof RuntimeException re) {
            return re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(what + " failed", t);
    }

    /** Reads and writes one field through a getter and a setter handle typed {@code (Object)Object} and {@code (Object,Object)void}. */
    private static final class PojoFieldAccessor<T, F> implements FieldAccessor<T, F> {

        private static final long serialVersionUID = 1L;

        private final Class<?> declaringClass;
        private final String fieldName;
        private final TypeInfo<F> type;
        private transient MethodHandle getter;
        private transient MethodHandle setter;

        PojoFieldAccessor(Class<?> declaringClass, String fieldName, TypeInfo<F> type) {
            this.declaringClass = declaringClass;
            this.fieldName = fieldName;
            this.type = type;
        }

        void handles() {
            if (getter != null) {
                return;
            }
            try {
                Field field = declaringClass.getDeclaredField(fieldName);
                MethodHandles.Lookup lookup = lookupFor(declaringClass);
                setter = lookup.unreflectSetter(field).asType(MethodType.methodType(void.class, Object.class, Object.class));
                getter = lookup.unreflectGetter(field).asType(MethodType.methodType(Object.class, Object.class));
            } catch (NoSuchFieldException | IllegalAccessException e) {
                throw new InvalidTypesException("Field '" + fieldName + "' of " + declaringClass.getName()
                        + " cannot be accessed (is it final, or was the class changed?); make it a non-final field", e);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public F get(T record) {
            handles();
            try {
                return (F) (Object) getter.invokeExact((Object) record);
            } catch (Throwable t) {
                throw rethrow(t, "Reading field " + fieldName);
            }
        }

        @Override
        public T set(T record, F value) {
            handles();
            try {
                setter.invokeExact((Object) record, (Object) value);
            } catch (Throwable t) {
                throw rethrow(t, "Writing field " + fieldName);
            }
            return record;
        }

        @Override
        public TypeInfo<F> getFieldType() {
            return type;
        }

        @Override
        public String toString() {
            return declaringClass.getSimpleName() + "." + fieldName;
        }
    }

    /**
     * Reads the components of a record and creates records through the canonical constructor.
     * Safe to share between threads.
     */
    public static final class RecordFactory<T> implements Serializable {

        private static final long serialVersionUID = 1L;

        private final Class<T> recordClass;
        private transient MethodHandle[] getters;
        /** The canonical constructor as {@code (Object[])Object}. */
        private transient MethodHandle constructor;

        public RecordFactory(Class<T> recordClass) {
            if (!recordClass.isRecord()) {
                throw new IllegalArgumentException("recordClass: " + recordClass.getName() + " (expected: a record class)");
            }
            this.recordClass = recordClass;
        }

        void handles() {
            if (constructor != null) {
                return;
            }
            RecordComponent[] components = recordClass.getRecordComponents();
            MethodHandle[] gs = new MethodHandle[components.length];
            Class<?>[] types = new Class<?>[components.length];
            try {
                MethodHandles.Lookup lookup = lookupFor(recordClass);
                for (int i = 0; i < components.length; i++) {
                    types[i] = components[i].getType();
                    gs[i] = lookup.unreflect(components[i].getAccessor()).asType(MethodType.methodType(Object.class, Object.class));
                }
                MethodHandle ctor = lookup.findConstructor(recordClass, MethodType.methodType(void.class, types));
                getters = gs;
                constructor = ctor.asSpreader(Object[].class, types.length)
                        .asType(MethodType.methodType(Object.class, Object[].class));
            } catch (NoSuchMethodException | IllegalAccessException e) {
                throw new InvalidTypesException("Record " + recordClass.getName()
                        + " cannot be accessed through its canonical constructor and accessors", e);
            }
        }

        public Class<T> getRecordClass() {
            return recordClass;
        }

        public int getArity() {
            handles();
            return getters.length;
        }

        /** Component {@code index} of {@code record}. */
        public Object get(T record, int index) {
            handles();
            try {
                return (Object) getters[index].invokeExact((Object) record);
            } catch (Throwable t) {
                throw rethrow(t, "Reading component " + index + " of " + recordClass.getSimpleName());
            }
        }

        /** A new record of the given component values (the array is not kept). */
        @SuppressWarnings("unchecked")
        public T create(Object[] values) {
            handles();
            try {
                return (T) (Object) constructor.invokeExact(values);
            } catch (Throwable t) {
                throw rethrow(t, "The canonical constructor of " + recordClass.getSimpleName());
            }
        }
    }

    private static final class RecordAccessor<T, F> implements FieldAccessor<T, F> {

        private static final long serialVersionUID = 1L;

        private final RecordFactory<T> factory;
        private final int index;
        private final TypeInfo<F> type;

        RecordAccessor(RecordFactory<T> factory, int index, TypeInfo<F> type) {
            this.factory = factory;
            this.index = index;
            this.type = type;
        }

        @Override
        @SuppressWarnings("unchecked")
        public F get(T record) {
            return (F) factory.get(record, index);
        }

        @Override
        public T set(T record, F value) {
            Object[] values = new Object[factory.getArity()];
            for (int i = 0; i < values.length; i++) {
                values[i] = i == index ? value : factory.get(record, i);
            }
            return factory.create(values);
        }

        @Override
        public TypeInfo<F> getFieldType() {
            return type;
        }
    }
}
