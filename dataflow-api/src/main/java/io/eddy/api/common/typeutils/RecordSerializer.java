package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Objects;

/**
 * Serializes Java records component by component, in declaration order, and creates them through
 * the canonical constructor. Components of primitive type are written as they are; components of
 * reference type are preceded by a marker byte (0 null, 1 value), so they may be null. Records are
 * immutable, so {@code copy(from, reuse)} and {@code deserialize(reuse, ...)} create new records.
 *
 * <p>Component serializers may hold scratch state: each thread uses its own {@link #duplicate()}.
 */
public final class RecordSerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> recordClass;
    private final TypeSerializer<Object>[] componentSerializers;
    private final boolean[] nullable;
    private final String[] names;
    private final MemberAccessors.RecordFactory<T> factory;
    private final int length;
    /** The fast path for small records, or null; set when created or deserialized, never on first use (docs/types.md, "Derived state"). */
    private transient RecordCodecs.RecordCodec codec;

    @SuppressWarnings("unchecked")
    public RecordSerializer(Class<T> recordClass, TypeSerializer<?>[] componentSerializers) {
        this.recordClass = Objects.requireNonNull(recordClass, "recordClass");
        this.factory = new MemberAccessors.RecordFactory<>(recordClass);
        RecordComponent[] components = recordClass.getRecordComponents();
        if (components.length != componentSerializers.length) {
            throw new IllegalArgumentException("RecordSerializer for " + recordClass.getName() + ": " + components.length
                    + " components but " + componentSerializers.length + " serializers (expected: the same number)");
        }
        this.componentSerializers = (TypeSerializer<Object>[]) componentSerializers.clone();
        this.nullable = new boolean[components.length];
        this.names = new String[components.length];
        boolean anyNullable = false;
        for (int i = 0; i < components.length; i++) {
            nullable[i] = !components[i].getType().isPrimitive();
            anyNullable |= nullable[i];
            names[i] = components[i].getName();
        }
        this.length = anyNullable ? -1 : TupleSerializer.fixedLength(componentSerializers);
        this.codec = RecordCodecs.create(factory, this.componentSerializers, nullable);
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        codec = RecordCodecs.create(factory, componentSerializers, nullable);
    }

    public Class<T> getRecordClass() {
        return recordClass;
    }

    public TypeSerializer<?>[] getComponentSerializers() {
        return componentSerializers.clone();
    }

    @Override
    public boolean isImmutableType() {
        for (TypeSerializer<?> s : componentSerializers) {
            if (!s.isImmutableType()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public RecordSerializer<T> duplicate() {
        TypeSerializer<?>[] copies = new TypeSerializer<?>[componentSerializers.length];
        boolean same = true;
        for (int i = 0; i < copies.length; i++) {
            copies[i] = componentSerializers[i].duplicate();
            same &= copies[i] == componentSerializers[i];
        }
        return same ? this : new RecordSerializer<>(recordClass, copies);
    }

    @Override
    public T createInstance() {
        Object[] values = new Object[componentSerializers.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = componentSerializers[i].createInstance();
        }
        return factory.create(values);
    }

    @Override
    public T copy(T from) {
        if (isImmutableType()) {
            return from;
        }
        Object[] values = new Object[componentSerializers.length];
        for (int i = 0; i < values.length; i++) {
            Object value = factory.get(from, i);
            values[i] = value == null ? null : componentSerializers[i].copy(value);
        }
        return factory.create(values);
    }

    @Override
    public T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return length;
    }

    /** Whether the unrolled codec is in place, before any record was written or read (for tests). */
    boolean hasCodec() {
        return codec != null;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        RecordCodecs.RecordCodec fast = codec;
        if (fast != null) {
            fast.serialize(record, target);
            return;
        }
        for (int i = 0; i < componentSerializers.length; i++) {
            Object value = factory.get(record, i);
            if (nullable[i]) {
                if (value == null) {
                    target.writeByte(0);
                    continue;
                }
                target.writeByte(1);
            }
            componentSerializers[i].serialize(value, target);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public T deserialize(DataInputView source) throws IOException {
        RecordCodecs.RecordCodec fast = codec;
        if (fast != null) {
            try {
                return (T) fast.deserialize(source);
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                // A canonical constructor may declare checked exceptions; the generated call passes them through.
                throw new IllegalStateException("The canonical constructor of " + recordClass.getSimpleName() + " failed", e);
            }
        }
        Object[] values = new Object[componentSerializers.length];
        for (int i = 0; i < values.length; i++) {
            if (!nullable[i] || source.readByte() != 0) {
                values[i] = componentSerializers[i].deserialize(source);
            }
        }
        return factory.create(values);
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        if (length >= 0) {
            target.write(source, length);
            return;
        }
        for (int i = 0; i < componentSerializers.length; i++) {
            if (nullable[i]) {
                byte marker = source.readByte();
                target.writeByte(marker);
                if (marker == 0) {
                    continue;
                }
            }
            componentSerializers[i].copy(source, target);
        }
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>(recordClass, names, componentSerializers);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof RecordSerializer<?> other && other.recordClass == recordClass
                && Arrays.equals(other.componentSerializers, componentSerializers);
    }

    @Override
    public int hashCode() {
        return 31 * recordClass.hashCode() + Arrays.hashCode(componentSerializers);
    }

    @Override
    public String toString() {
        return "RecordSerializer(" + recordClass.getSimpleName() + ")" + Arrays.toString(componentSerializers);
    }

    /** The snapshot of a {@link RecordSerializer}: class, component names and component serializers' snapshots. */
    public static final class Snapshot<T> extends FieldsSerializerSnapshot<T> {

        public Snapshot() {
        }

        Snapshot(Class<T> recordClass, String[] names, TypeSerializer<?>[] componentSerializers) {
            super(recordClass, names, componentSerializers);
        }

        @Override
        protected TypeSerializer<T> restore(Class<T> typeClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers) {
            return new RecordSerializer<>(typeClass, fieldSerializers);
        }

        @Override
        protected TypeSerializer<?>[] fieldSerializersOf(TypeSerializer<T> newSerializer) {
            return newSerializer instanceof RecordSerializer<?> s ? s.getComponentSerializers() : null;
        }

        @Override
        protected String[] fieldNamesOf(TypeSerializer<T> newSerializer) {
            return ((RecordSerializer<?>) newSerializer).names;
        }

        @Override
        protected Class<?> typeClassOf(TypeSerializer<T> newSerializer) {
            return ((RecordSerializer<?>) newSerializer).recordClass;
        }
    }
}
