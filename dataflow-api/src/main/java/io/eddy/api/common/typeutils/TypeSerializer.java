package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.io.Serializable;

/**
 * Writes and reads values of one type in a binary form. Serializers travel inside job graphs, so
 * they are {@link Serializable}; a serializer may hold mutable scratch state, so each thread uses
 * its own {@link #duplicate()}.
 *
 * <p>Contract (checked for every serializer by {@code SerializerContractTest} in the test jar):
 * values survive a round trip; {@link #copy(Object)} yields an equal, independent value;
 * {@link #copy(DataInputView, DataOutputView)} copies exactly one record's bytes; {@link
 * #getLength()} is the fixed length in bytes or -1; the configuration snapshot restores an
 * equivalent serializer.
 */
public abstract class TypeSerializer<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Whether values of this type can never change after creation (so copies may be skipped). */
    public abstract boolean isImmutableType();

    /**
     * A serializer that can be used by another thread: {@code this} when the serializer is
     * stateless, a deep copy otherwise.
     */
    public abstract TypeSerializer<T> duplicate();

    /** A new, default value (used as a reuse object); may be null for immutable types. */
    public abstract T createInstance();

    /** A deep copy of {@code from}. */
    public abstract T copy(T from);

    /** A deep copy of {@code from}, written into {@code reuse} where the type allows it. */
    public abstract T copy(T from, T reuse);

    /** The fixed length of every serialized value in bytes, or -1 for variable length. */
    public abstract int getLength();

    public abstract void serialize(T record, DataOutputView target) throws IOException;

    public abstract T deserialize(DataInputView source) throws IOException;

    /** Reads a value, reusing {@code reuse} where the type allows it. */
    public abstract T deserialize(T reuse, DataInputView source) throws IOException;

    /** Copies one serialized record from {@code source} to {@code target} without interpreting it more than needed. */
    public abstract void copy(DataInputView source, DataOutputView target) throws IOException;

    /** A snapshot of this serializer's configuration, written with state so it can be read back later. */
    public abstract TypeSerializerSnapshot<T> snapshotConfiguration();

    @Override
    public abstract boolean equals(Object obj);

    @Override
    public abstract int hashCode();
}
