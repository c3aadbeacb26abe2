package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.KryoSerializer;
import io.eddy.api.common.typeutils.MemberAccessors;
import io.eddy.api.common.typeutils.PojoSerializer;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.Arrays;
import java.util.Objects;

/**
 * The type information of a POJO: a public class with a public no-argument constructor whose
 * non-static, non-transient fields (including inherited ones) are public or have a getter and a
 * setter. Fields are ordered by name. Serialized by {@link PojoSerializer} (or by Kryo when {@link
 * SerializerConfig#isForceKryo()}).
 */
public final class PojoTypeInfo<T> extends CompositeType<T> {

    private static final long serialVersionUID = 1L;

    private final String[] fieldNames;
    private final Class<?>[] declaringClasses;
    private final TypeInfo<?>[] fieldTypes;

    /**
     * @param fieldNames the fields, sorted by name
     * @param declaringClasses the class declaring each field (the POJO class or a superclass)
     * @param fieldTypes the type of each field
     */
    public PojoTypeInfo(Class<T> pojoClass, String[] fieldNames, Class<?>[] declaringClasses, TypeInfo<?>[] fieldTypes) {
        super(pojoClass);
        if (fieldNames.length != fieldTypes.length || fieldNames.length != declaringClasses.length) {
            throw new IllegalArgumentException("PojoTypeInfo for " + pojoClass.getName()
                    + ": field names, declaring classes and types differ in number");
        }
        this.fieldNames = fieldNames.clone();
        this.declaringClasses = declaringClasses.clone();
        this.fieldTypes = fieldTypes.clone();
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
        return FieldAccessors.typed(MemberAccessors.pojoField(declaringClasses[pos], fieldNames[pos]), getTypeAt(pos));
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        if (config.isForceKryo()) {
            return new KryoSerializer<>(typeClass, config);
        }
        TypeSerializer<?>[] serializers = new TypeSerializer<?>[fieldTypes.length];
        for (int i = 0; i < fieldTypes.length; i++) {
            serializers[i] = fieldTypes[i].createSerializer(config);
        }
        return new PojoSerializer<>(typeClass, fieldNames, serializers);
    }

    @Override
    public String toString() {
        return describe(typeClass.getSimpleName());
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof PojoTypeInfo<?> other && other.typeClass == typeClass
                && Arrays.equals(other.fieldNames, fieldNames) && Arrays.equals(other.fieldTypes, fieldTypes);
    }

    @Override
    public int hashCode() {
        return 31 * typeClass.hashCode() + Arrays.hashCode(fieldTypes);
    }
}
