package io.eddy.api.common.typeutils;

import io.eddy.core.memory.VarInts;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.Objects;

/**
 * Serializes arrays of objects: a variable-length element count, then per element a marker byte
 * (0 null, 1 value) and the value. Elements may be null.
 *
 * <p>The element serializer may hold scratch state: each thread uses its own {@link #duplicate()}.
 */
public final class ObjectArraySerializer<C> extends TypeSerializer<C[]> {

    private static final long serialVersionUID = 1L;

    private final Class<C> componentClass;
    private final TypeSerializer<C> elementSerializer;

    public ObjectArraySerializer(Class<C> componentClass, TypeSerializer<C> elementSerializer) {
        this.componentClass = Objects.requireNonNull(componentClass, "componentClass");
        this.elementSerializer = Objects.requireNonNull(elementSerializer, "elementSerializer");
    }

    public Class<C> getComponentClass() {
        return componentClass;
    }

    public TypeSerializer<C> getElementSerializer() {
        return elementSerializer;
    }

    @SuppressWarnings("unchecked")
    private C[] newArray(int n) {
        return (C[]) Array.newInstance(componentClass, n);
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public ObjectArraySerializer<C> duplicate() {
        TypeSerializer<C> copy = elementSerializer.duplicate();
        return copy == elementSerializer ? this : new ObjectArraySerializer<>(componentClass, copy);
    }

    @Override
    public C[] createInstance() {
        return newArray(0);
    }

    @Override
    public C[] copy(C[] from) {
        C[] copy = newArray(from.length);
        for (int i = 0; i < from.length; i++) {
            copy[i] = from[i] == null ? null : elementSerializer.copy(from[i]);
        }
        return copy;
    }

    @Override
    public C[] copy(C[] from, C[] reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(C[] record, DataOutputView target) throws IOException {
        VarInts.writeVarInt(record.length, target);
        for (C element : record) {
            if (element == null) {
                target.writeByte(0);
            } else {
                target.writeByte(1);
                elementSerializer.serialize(element, target);
            }
        }
    }

    @Override
    public C[] deserialize(DataInputView source) throws IOException {
        int n = VarInts.readVarInt(source);
        C[] array = newArray(n);
        for (int i = 0; i < n; i++) {
            if (source.readByte() != 0) {
                array[i] = elementSerializer.deserialize(source);
            }
        }
        return array;
    }

    @Override
    public C[] deserialize(C[] reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int n = VarInts.copyVarInt(source, target);
        for (int i = 0; i < n; i++) {
            byte marker = source.readByte();
            target.writeByte(marker);
            if (marker != 0) {
                elementSerializer.copy(source, target);
            }
        }
    }

    @Override
    public TypeSerializerSnapshot<C[]> snapshotConfiguration() {
        return new Snapshot<>(componentClass, elementSerializer);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof ObjectArraySerializer<?> other && other.componentClass == componentClass
                && other.elementSerializer.equals(elementSerializer);
    }

    @Override
    public int hashCode() {
        return 31 * componentClass.hashCode() + elementSerializer.hashCode();
    }

    @Override
    public String toString() {
        return "ObjectArraySerializer(" + elementSerializer + ")";
    }

    /** The snapshot of an {@link ObjectArraySerializer}: the component class and the element serializer's snapshot. */
    public static final class Snapshot<C> extends FieldsSerializerSnapshot<C[]> {

        public Snapshot() {
        }

        @SuppressWarnings("unchecked")
        Snapshot(Class<C> componentClass, TypeSerializer<C> elementSerializer) {
            super((Class<C[]>) Array.newInstance(componentClass, 0).getClass(), new String[] {"element"},
                    new TypeSerializer<?>[] {elementSerializer});
        }

        @Override
        @SuppressWarnings("unchecked")
        protected TypeSerializer<C[]> restore(Class<C[]> typeClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers) {
            return new ObjectArraySerializer<>((Class<C>) typeClass.getComponentType(), (TypeSerializer<C>) fieldSerializers[0]);
        }

        @Override
        protected TypeSerializer<?>[] fieldSerializersOf(TypeSerializer<C[]> newSerializer) {
            return newSerializer instanceof ObjectArraySerializer<?> s ? new TypeSerializer<?>[] {s.elementSerializer} : null;
        }

        @Override
        protected String[] fieldNamesOf(TypeSerializer<C[]> newSerializer) {
            return new String[] {"element"};
        }

        @Override
        protected Class<?> typeClassOf(TypeSerializer<C[]> newSerializer) {
            return Array.newInstance(((ObjectArraySerializer<?>) newSerializer).componentClass, 0).getClass();
        }
    }
}
