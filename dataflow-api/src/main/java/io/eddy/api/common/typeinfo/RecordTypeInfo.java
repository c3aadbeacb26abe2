package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.MemberAccessors;
import io.eddy.api.common.typeutils.RecordSerializer;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Objects;

/**
 * The type information of a Java record: its components in declaration order, created through
 * the canonical constructor. Serialized by {@link RecordSerializer}; setting a field through a
 * {@link FieldAccessor} creates a new record.
 */
public final class RecordTypeInfo<T> extends CompositeType<T> {

    private static final long serialVersionUID = 1L;

    private final String[] fieldNames;
    private final TypeInfo<?>[] fieldTypes;

    /** @param componentTypes the type of each record component, in declaration order */
    public RecordTypeInfo(Class<T> recordClass, TypeInfo<?>[] componentTypes) {
        super(recordClass);
        if (!recordClass.isRecord()) {
            throw new InvalidTypesException("Class " + recordClass.getName() + " is not a record; use Types.POJO or Types.GENERIC");
        }
        RecordComponent[] components = recordClass.getRecordComponents();
        if (components.length != componentTypes.length) {
            throw new InvalidTypesException("Record " + recordClass.getName() + " has " + components.length
                    + " components but " + componentTypes.length + " types were given");
        }
        this.fieldNames = new String[components.length];
        for (int i = 0; i < components.length; i++) {
            fieldNames[i] = components[i].getName();
        }
        this.fieldTypes = componentTypes.clone();
    }

    @Override
    public int getArity() {
        return fieldNames.length;
    }

    @Override
    public String[] getFieldNames() {
        return fieldNames.clone();
    }

    @Override
    @SuppressWarnings("unchecked")
    public <X> TypeInfo<X> getTypeAt(int pos) {
        return (TypeInfo<X>) fieldTypes[pos];
    }

    @Override
    public <F> FieldAccessor<T, F> getFieldAccessor(int pos) {
        Objects.checkIndex(pos, fieldNames.length);
        return FieldAccessors.typed(MemberAccessors.recordComponent(typeClass, pos), getTypeAt(pos));
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        TypeSerializer<?>[] serializers = new TypeSerializer<?>[fieldTypes.length];
        for (int i = 0; i < fieldTypes.length; i++) {
            serializers[i] = fieldTypes[i].createSerializer(config);
        }
        return new RecordSerializer<>(typeClass, serializers);
    }

    @Override
    public String toString() {
        return describe(typeClass.getSimpleName());
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof RecordTypeInfo<?> other && other.typeClass == typeClass
                && Arrays.equals(other.fieldTypes, fieldTypes);
    }

    @Override
    public int hashCode() {
        return 31 * typeClass.hashCode() + Arrays.hashCode(fieldTypes);
    }
}
