package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Serializes POJOs field by field in the order of the field names given (the type extractor sorts
 * them by name). Each field of a reference type is preceded by a marker byte: 0 for null, 1 for a
 * value, so such fields may be null (as in Flink); fields of primitive type have no marker. Fields are accessed through method handles resolved once.
 * Values must be exactly of the POJO class: a subclass fails with an error saying to declare the
 * subclass as the type.
 *
 * <p>Field serializers may hold scratch state: each thread uses its own {@link #duplicate()}.
 */
public final class PojoSerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> pojoClass;
    private final String[] fieldNames;
    private final TypeSerializer<Object>[] fieldSerializers;
    private final MemberAccessor<T, Object>[] fields;
    /** Whether field i has a reference type (may be null, written with a marker byte). */
    private final boolean[] nullable;
    private final Instantiator<T> instantiator;

    @SuppressWarnings({"unchecked", "rawtypes"})
    public PojoSerializer(Class<T> pojoClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers) {
        this.pojoClass = Objects.requireNonNull(pojoClass, "pojoClass");
        if (fieldNames.length != fieldSerializers.length) {
            throw new IllegalArgumentException("PojoSerializer for " + pojoClass.getName() + ": " + fieldNames.length
                    + " field names but " + fieldSerializers.length + " serializers (expected: the same number)");
        }
        this.fieldNames = fieldNames.clone();
        this.fieldSerializers = (TypeSerializer<Object>[]) fieldSerializers.clone();
        this.fields = new MemberAccessor[fieldNames.length];
        this.nullable = new boolean[fieldNames.length];
        for (int i = 0; i < fieldNames.length; i++) {
            java.lang.reflect.Field field = findField(pojoClass, fieldNames[i]);
            fields[i] = MemberAccessors.pojoField(field.getDeclaringClass(), fieldNames[i]);
            nullable[i] = !field.getType().isPrimitive();
        }
        this.instantiator = Instantiator.forClass(pojoClass);
    }

    private static java.lang.reflect.Field findField(Class<?> pojoClass, String fieldName) {
        for (Class<?> c = pojoClass; c != null && c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (f.getName().equals(fieldName)) {
                    return f;
                }
            }
        }
        throw new IllegalStateException("POJO " + pojoClass.getName() + " has no field '" + fieldName
                + "'; the class changed since the serializer was configured");
    }

    public Class<T> getPojoClass() {
        return pojoClass;
    }

    public String[] getFieldNames() {
        return fieldNames.clone();
    }

    public TypeSerializer<?>[] getFieldSerializers() {
        return fieldSerializers.clone();
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public PojoSerializer<T> duplicate() {
        TypeSerializer<?>[] copies = new TypeSerializer<?>[fieldSerializers.length];
        boolean same = true;
        for (int i = 0; i < copies.length; i++) {
            copies[i] = fieldSerializers[i].duplicate();
            same &= copies[i] == fieldSerializers[i];
        }
        return same ? this : new PojoSerializer<>(pojoClass, fieldNames, copies);
    }

    @Override
    public T createInstance() {
        return instantiator.newInstance();
    }

    @Override
    public T copy(T from) {
        checkClass(from);
        T target = instantiator.newInstance();
        for (int i = 0; i < fields.length; i++) {
            Object value = fields[i].get(from);
            fields[i].set(target, value == null ? null : fieldSerializers[i].copy(value));
        }
        return target;
    }

    @Override
    public T copy(T from, T reuse) {
        checkClass(from);
        for (int i = 0; i < fields.length; i++) {
            Object value = fields[i].get(from);
            Object old = fields[i].get(reuse);
            Object copy = value == null ? null
                    : old == null ? fieldSerializers[i].copy(value) : fieldSerializers[i].copy(value, old);
            fields[i].set(reuse, copy);
        }
        return reuse;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        checkClass(record);
        for (int i = 0; i < fields.length; i++) {
            Object value = fields[i].get(record);
            if (nullable[i]) {
                if (value == null) {
                    target.writeByte(0);
                    continue;
                }
                target.writeByte(1);
            }
            fieldSerializers[i].serialize(value, target);
        }
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        T target = instantiator.newInstance();
        for (int i = 0; i < fields.length; i++) {
            boolean present = !nullable[i] || source.readByte() != 0;
            fields[i].set(target, present ? fieldSerializers[i].deserialize(source) : null);
        }
        return target;
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        for (int i = 0; i < fields.length; i++) {
            Object value = null;
            if (!nullable[i] || source.readByte() != 0) {
                Object old = fields[i].get(reuse);
                value = old == null ? fieldSerializers[i].deserialize(source) : fieldSerializers[i].deserialize(old, source);
            }
            fields[i].set(reuse, value);
        }
        return reuse;
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        for (int i = 0; i < fieldSerializers.length; i++) {
            if (nullable[i]) {
                byte marker = source.readByte();
                target.writeByte(marker);
                if (marker == 0) {
                    continue;
                }
            }
            fieldSerializers[i].copy(source, target);
        }
    }

    private void checkClass(T record) {
        if (record.getClass() != pojoClass) {
            throw new IllegalArgumentException("Value of class " + record.getClass().getName() + " on an edge of POJO type "
                    + pojoClass.getName() + ": subclasses are not serialized as POJOs; declare the subclass as the type"
                    + " with .returns(" + record.getClass().getSimpleName() + ".class) or use Types.GENERIC");
        }
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>(pojoClass, fieldNames, fieldSerializers);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof PojoSerializer<?> other && other.pojoClass == pojoClass
                && Arrays.equals(other.fieldNames, fieldNames) && Arrays.equals(other.fieldSerializers, fieldSerializers);
    }

    @Override
    public int hashCode() {
        return 31 * pojoClass.hashCode() + Arrays.hashCode(fieldSerializers);
    }

    @Override
    public String toString() {
        return "PojoSerializer(" + pojoClass.getSimpleName() + ")" + Arrays.toString(fieldNames);
    }

    /** The snapshot of a {@link PojoSerializer}: class, field names and field serializers' snapshots. */
    public static final class Snapshot<T> extends FieldsSerializerSnapshot<T> {

        public Snapshot() {
        }

        Snapshot(Class<T> pojoClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers) {
            super(pojoClass, fieldNames, fieldSerializers);
        }

        @Override
        protected TypeSerializer<T> restore(Class<T> typeClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers) {
            return new PojoSerializer<>(typeClass, fieldNames, fieldSerializers);
        }

        @Override
        protected TypeSerializer<?>[] fieldSerializersOf(TypeSerializer<T> newSerializer) {
            return newSerializer instanceof PojoSerializer<?> s ? s.getFieldSerializers() : null;
        }

        @Override
        protected String[] fieldNamesOf(TypeSerializer<T> newSerializer) {
            return ((PojoSerializer<?>) newSerializer).fieldNames;
        }

        @Override
        protected Class<?> typeClassOf(TypeSerializer<T> newSerializer) {
            return ((PojoSerializer<?>) newSerializer).pojoClass;
        }
    }
}
