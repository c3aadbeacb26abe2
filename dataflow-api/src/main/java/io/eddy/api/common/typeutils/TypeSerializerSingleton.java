package io.eddy.api.common.typeutils;

/**
 * Base of serializers without configuration and without mutable state: {@link #duplicate()} is
 * {@code this}, and all instances of one class are equal.
 */
public abstract class TypeSerializerSingleton<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public TypeSerializerSingleton<T> duplicate() {
        return this;
    }

    @Override
    public T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public boolean equals(Object obj) {
        return obj != null && obj.getClass() == getClass();
    }

    @Override
    public int hashCode() {
        return getClass().hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName();
    }
}
