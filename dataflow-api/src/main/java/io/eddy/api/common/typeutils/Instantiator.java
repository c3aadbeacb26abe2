package io.eddy.api.common.typeutils;

import io.eddy.api.java.tuple.Tuple;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Creates instances of a class through its no-argument constructor, resolved once to a method
 * handle (re-resolved after Java deserialization). The standard tuple classes are created
 * directly. Safe to share between threads.
 */
final class Instantiator<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    /** -1 unless {@code type} is the standard tuple class of that arity. */
    private final int tupleArity;
    /**
     * The constructor as {@code ()Object}, or null for a standard tuple class; resolved when created
     * or deserialized, never on first use (docs/types.md, "Derived state").
     */
    private transient MethodHandle constructor;

    private Instantiator(Class<T> type, int tupleArity) {
        this.type = type;
        this.tupleArity = tupleArity;
        if (tupleArity < 0) {
            this.constructor = resolve(type);
        }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (tupleArity < 0) {
            constructor = resolve(type);
        }
    }

    /** Whether the constructor is in place (or not needed) before any instance was created (for tests). */
    boolean isResolved() {
        return tupleArity > 0 || constructor != null;
    }

    static <T> Instantiator<T> forClass(Class<T> type) {
        return new Instantiator<>(type, -1);
    }

    static <T extends Tuple> Instantiator<T> forTuple(Class<T> type, int arity) {
        boolean standard = arity >= 1 && arity <= Tuple.MAX_ARITY && Tuple.getTupleClass(arity) == type;
        return new Instantiator<>(type, standard ? arity : -1);
    }

    @SuppressWarnings("unchecked")
    T newInstance() {
        if (tupleArity > 0) {
            return (T) Tuple.newInstance(tupleArity);
        }
        try {
            return (T) (Object) constructor.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("The no-argument constructor of " + type.getName() + " failed", t);
        }
    }

    private static MethodHandle resolve(Class<?> type) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            return lookup.findConstructor(type, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Object.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new InvalidTypesException("Class " + type.getName() + " needs a no-argument constructor to be"
                    + " created by its serializer; add one (public) or give the type with .returns(...)", e);
        }
    }
}
