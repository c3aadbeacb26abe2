package io.eddy.api.common.typeutils;

import io.eddy.api.common.typeinfo.FieldAccessor;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Field accessors for POJO fields and record components, resolved to method handles (or generated
 * classes) when created and again when deserialized, as handles are not serializable; never on
 * first use, so no reflective lookup and no first-use branch sits on the per-record path. All
 * accessors are safe to share between threads once published.
 */
public final class MemberAccessors {

    private MemberAccessors() {
    }

    /** An accessor of the field {@code fieldName} declared by {@code declaringClass} (any visibility, not final). */
    public static <T, F> MemberAccessor<T, F> pojoField(Class<?> declaringClass, String fieldName) {
        return new PojoFieldAccessor<>(declaringClass, fieldName);
    }

    /** An accessor of component {@code index} of {@code recordClass}; {@code set} creates a new record. */
    public static <T, F> MemberAccessor<T, F> recordComponent(Class<T> recordClass, int index) {
        return new RecordAccessor<>(new RecordFactory<>(recordClass), index);
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
    static final class PojoFieldAccessor<T, F> implements MemberAccessor<T, F> {

        private static final long serialVersionUID = 1L;

        private final Class<?> declaringClass;
        private final String fieldName;
        private transient MethodHandle getter;
        private transient MethodHandle setter;

        /** @throws InvalidTypesException if the field cannot be reached */
        PojoFieldAccessor(Class<?> declaringClass, String fieldName) {
            this.declaringClass = declaringClass;
            this.fieldName = fieldName;
            resolve();
        }

        /** Takes the handles again when deserialized, never on first use (docs/types.md, "Derived state"). */
        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            resolve();
        }

        /** Whether the handles are in place, before any record was read or written (for tests). */
        boolean isResolved() {
            return getter != null && setter != null;
        }

        private void resolve() {
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
            try {
                return (F) (Object) getter.invokeExact((Object) record);
            } catch (Throwable t) {
                throw rethrow(t, "Reading field " + fieldName);
            }
        }

        @Override
        public T set(T record, F value) {
            try {
                setter.invokeExact((Object) record, (Object) value);
            } catch (Throwable t) {
                throw rethrow(t, "Writing field " + fieldName);
            }
            return record;
        }

        @Override
        public String toString() {
            return declaringClass.getSimpleName() + "." + fieldName;
        }
    }

    /**
     * Reads the components of a record and creates records through the canonical constructor.
     * Safe to share between threads.
     *
     * <p>Getters and the constructor are generated classes ({@link RecordLambdas}) where possible;
     * where not (the record's class loader or module denies full-privilege access, or the record
     * has more than {@value RecordLambdas#MAX_CREATOR_ARITY} components for the constructor), they
     * fall back to method handles, which work everywhere but cost more per call.
     */
    public static final class RecordFactory<T> implements Serializable {

        private static final long serialVersionUID = 1L;

        /**
         * The accessors of each record class, generated once per class and shared by all its
         * factories: every task of every job (a serializer is deserialized per task) then calls the
         * same generated classes, so the JIT compiles their callers once and keeps their call sites
         * monomorphic, instead of meeting new classes with every task and recompiling.
         */
        private static final ClassValue<Resolved> RESOLVED = new ClassValue<>() {
            @Override
            @SuppressWarnings({"unchecked", "rawtypes"})
            protected Resolved computeValue(Class<?> type) {
                return new RecordFactory(type, false).resolveNow();
            }
        };

        private final Class<T> recordClass;
        /** Set when created or deserialized, never on first use (docs/types.md, "Derived state"); final fields inside. */
        private transient Resolved resolved;

        /** @throws InvalidTypesException if the record's canonical constructor or accessors cannot be reached */
        public RecordFactory(Class<T> recordClass) {
            this(recordClass, true);
        }

        private RecordFactory(Class<T> recordClass, boolean resolve) {
            if (!recordClass.isRecord()) {
                throw new IllegalArgumentException("recordClass: " + recordClass.getName() + " (expected: a record class)");
            }
            this.recordClass = recordClass;
            if (resolve) {
                this.resolved = RESOLVED.get(recordClass);
            }
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            resolved = RESOLVED.get(recordClass);
        }

        /** Whether the accessors are in place, before any record was read or created (for tests). */
        boolean isResolved() {
            return resolved != null;
        }

        private Resolved resolveNow() {
            RecordComponent[] components = recordClass.getRecordComponents();
            MethodHandle[] accessors = new MethodHandle[components.length];
            Class<?>[] types = new Class<?>[components.length];
            try {
                MethodHandles.Lookup lookup = lookupFor(recordClass);
                for (int i = 0; i < components.length; i++) {
                    types[i] = components[i].getType();
                    accessors[i] = lookup.unreflect(components[i].getAccessor());
                }
                MethodHandle ctor = lookup.findConstructor(recordClass, MethodType.methodType(void.class, types));
                Function<Object, Object>[] gs = generatedGetters(lookup, accessors);
                ToIntFunction<Object>[] intGetters = gs == null ? null : generatedIntGetters(lookup, accessors);
                RecordLambdas.Creator creator = generatedCreator(lookup, ctor);
                Object intCtor = creator == null ? null : generatedIntCreator(lookup, ctor);
                return new Resolved(gs != null ? gs : handleGetters(accessors), intGetters,
                        creator != null ? creator : handleCreator(ctor, types.length), intCtor);
            } catch (NoSuchMethodException | IllegalAccessException e) {
                throw new InvalidTypesException("Record " + recordClass.getName()
                        + " cannot be accessed through its canonical constructor and accessors", e);
            }
        }

        /** Whether getters and constructor are generated classes rather than method handles (for tests). */
        boolean usesGeneratedAccess() {
            return !(resolved.constructor() instanceof HandleCreator);
        }

        @SuppressWarnings("unchecked")
        private Function<Object, Object>[] generatedGetters(MethodHandles.Lookup lookup, MethodHandle[] accessors) {
            Function<Object, Object>[] gs = new Function[accessors.length];
            try {
                for (int i = 0; i < accessors.length; i++) {
                    gs[i] = RecordLambdas.getter(lookup, accessors[i]);
                }
                return gs;
            } catch (ReflectiveOperationException e) {
                return null;
            }
        }

        /** Per component an unboxed getter if it is an {@code int} (else null), or null if they cannot be generated. */
        @SuppressWarnings("unchecked")
        private ToIntFunction<Object>[] generatedIntGetters(MethodHandles.Lookup lookup, MethodHandle[] accessors) {
            ToIntFunction<Object>[] gs = new ToIntFunction[accessors.length];
            try {
                for (int i = 0; i < accessors.length; i++) {
                    if (accessors[i].type().returnType() == int.class) {
                        gs[i] = RecordLambdas.intGetter(lookup, accessors[i]);
                    }
                }
                return gs;
            } catch (ReflectiveOperationException e) {
                return null;
            }
        }

        private RecordLambdas.Creator generatedCreator(MethodHandles.Lookup lookup, MethodHandle ctor) {
            try {
                return RecordLambdas.creator(lookup, recordClass, ctor);
            } catch (ReflectiveOperationException e) {
                return null;
            }
        }

        private Object generatedIntCreator(MethodHandles.Lookup lookup, MethodHandle ctor) {
            try {
                return RecordLambdas.intCreator(lookup, recordClass, ctor);
            } catch (ReflectiveOperationException e) {
                return null;
            }
        }

        @SuppressWarnings("unchecked")
        private Function<Object, Object>[] handleGetters(MethodHandle[] accessors) {
            Function<Object, Object>[] gs = new Function[accessors.length];
            for (int i = 0; i < accessors.length; i++) {
                MethodHandle getter = accessors[i].asType(MethodType.methodType(Object.class, Object.class));
                int index = i;
                gs[i] = record -> {
                    try {
                        return (Object) getter.invokeExact(record);
                    } catch (Throwable t) {
                        throw rethrow(t, "Reading component " + index + " of " + recordClass.getSimpleName());
                    }
                };
            }
            return gs;
        }

        private RecordLambdas.Creator handleCreator(MethodHandle ctor, int arity) {
            return new HandleCreator(ctor.asSpreader(Object[].class, arity).asType(MethodType.methodType(Object.class, Object[].class)),
                    recordClass);
        }

        public Class<T> getRecordClass() {
            return recordClass;
        }

        public int getArity() {
            return resolved.getters().length;
        }

        /** Component {@code index} of {@code record}. */
        public Object get(T record, int index) {
            return resolved.getters()[index].apply(record);
        }

        /** A new record of the given component values (the array is not kept). */
        @SuppressWarnings("unchecked")
        public T create(Object[] values) {
            RecordLambdas.Creator constructor = resolved.constructor();
            try {
                return (T) constructor.create(values);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                // A canonical constructor may declare checked exceptions; the generated call passes them through.
                throw rethrow(e, "The canonical constructor of " + recordClass.getSimpleName());
            }
        }

        /** The getter of component {@code index}, for callers that call it per record. */
        Function<Object, Object> getter(int index) {
            return resolved.getters()[index];
        }

        /** The unboxed getter of component {@code index} if it is an {@code int} and could be generated, else null. */
        ToIntFunction<Object> intGetter(int index) {
            ToIntFunction<Object>[] intGetters = resolved.intGetters();
            return intGetters == null ? null : intGetters[index];
        }

        /**
         * The generated constructor call ({@code RecordLambdas.Ctor<arity>}) for callers that know
         * the arity and pass the components without an array, or null where it could not be generated.
         */
        Object generatedConstructor() {
            return resolved.constructor() instanceof RecordLambdas.Generated g ? g.ctor() : null;
        }

        /**
         * The generated constructor call that takes the {@code int} components unboxed ({@code
         * RecordLambdas.CtorI}, {@code CtorII}, {@code CtorIO} or {@code CtorOI}, by the component
         * types), or null where the record has no such shape or it could not be generated.
         */
        Object generatedIntConstructor() {
            return resolved.intConstructor();
        }

    }

    private record Resolved(Function<Object, Object>[] getters, ToIntFunction<Object>[] intGetters, RecordLambdas.Creator constructor,
            Object intConstructor) {
    }

    /** The fallback creator: the canonical constructor as a spreading {@code (Object[])Object} handle. */
    private static final class HandleCreator implements RecordLambdas.Creator {

        private final MethodHandle constructor;
        private final Class<?> recordClass;

        HandleCreator(MethodHandle constructor, Class<?> recordClass) {
            this.constructor = constructor;
            this.recordClass = recordClass;
        }

        @Override
        public Object create(Object[] values) {
            try {
                return (Object) constructor.invokeExact(values);
            } catch (Throwable t) {
                throw rethrow(t, "The canonical constructor of " + recordClass.getSimpleName());
            }
        }
    }

    private static final class RecordAccessor<T, F> implements MemberAccessor<T, F> {

        private static final long serialVersionUID = 1L;

        private final RecordFactory<T> factory;
        private final int index;

        RecordAccessor(RecordFactory<T> factory, int index) {
            this.factory = factory;
            this.index = index;
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
        public String toString() {
            return factory + "#" + index;
        }
    }
}
