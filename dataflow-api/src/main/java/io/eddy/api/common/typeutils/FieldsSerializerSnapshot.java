package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.Arrays;

/**
 * Base of the snapshots of serializers of types with named fields (tuples, POJOs, records).
 * Format version 1: the type's class name, the number of fields, then per field its name and its
 * serializer's snapshot (see {@link TypeSerializerSnapshots#write}).
 *
 * <p>Compatibility: the same class with the same field names in the same order is compatible as
 * is when every field serializer is, after migration when some field needs migration, otherwise
 * incompatible.
 */
public abstract class FieldsSerializerSnapshot<T> implements TypeSerializerSnapshot<T> {

    private Class<T> typeClass;
    private String[] fieldNames;
    private TypeSerializerSnapshot<?>[] fieldSnapshots;

    /** For reading: the fields are filled in by {@link #readSnapshot}. */
    protected FieldsSerializerSnapshot() {
    }

    /** For writing: snapshots the field serializers. */
    protected FieldsSerializerSnapshot(Class<T> typeClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers) {
        this.typeClass = typeClass;
        this.fieldNames = fieldNames.clone();
        this.fieldSnapshots = new TypeSerializerSnapshot<?>[fieldSerializers.length];
        for (int i = 0; i < fieldSerializers.length; i++) {
            fieldSnapshots[i] = fieldSerializers[i].snapshotConfiguration();
        }
    }

    @Override
    public int getCurrentVersion() {
        return 1;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(typeClass.getName());
        out.writeInt(fieldNames.length);
        for (int i = 0; i < fieldNames.length; i++) {
            out.writeUTF(fieldNames[i]);
            TypeSerializerSnapshots.write(fieldSnapshots[i], out);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException {
        TypeSerializerSnapshots.checkVersion(this, readVersion, 1);
        String className = in.readUTF();
        try {
            typeClass = (Class<T>) Class.forName(className, false, userCodeClassLoader);
        } catch (ClassNotFoundException e) {
            throw new IOException("Class " + className + " of the stored data is not on the class path; add the jar"
                    + " that holds it to the job", e);
        }
        int n = in.readInt();
        fieldNames = new String[n];
        fieldSnapshots = new TypeSerializerSnapshot<?>[n];
        for (int i = 0; i < n; i++) {
            fieldNames[i] = in.readUTF();
            fieldSnapshots[i] = TypeSerializerSnapshots.read(in, userCodeClassLoader);
        }
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        TypeSerializer<?>[] serializers = new TypeSerializer<?>[fieldSnapshots.length];
        for (int i = 0; i < serializers.length; i++) {
            serializers[i] = fieldSnapshots[i].restoreSerializer();
        }
        return restore(typeClass, fieldNames.clone(), serializers);
    }

    /** Creates the serializer from the restored parts. */
    protected abstract TypeSerializer<T> restore(Class<T> typeClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers);

    /** The field serializers of {@code newSerializer} if it is of the kind this snapshot restores, else null. */
    protected abstract TypeSerializer<?>[] fieldSerializersOf(TypeSerializer<T> newSerializer);

    /** The field names of {@code newSerializer} (of the kind this snapshot restores). */
    protected abstract String[] fieldNamesOf(TypeSerializer<T> newSerializer);

    /** The class of the values of {@code newSerializer} (of the kind this snapshot restores). */
    protected abstract Class<?> typeClassOf(TypeSerializer<T> newSerializer);

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<T> newSerializer) {
        TypeSerializer<?>[] newFields = fieldSerializersOf(newSerializer);
        if (newFields == null || typeClassOf(newSerializer) != typeClass
                || !Arrays.equals(fieldNamesOf(newSerializer), fieldNames)) {
            return TypeSerializerSchemaCompatibility.INCOMPATIBLE;
        }
        TypeSerializerSchemaCompatibility result = TypeSerializerSchemaCompatibility.COMPATIBLE_AS_IS;
        for (int i = 0; i < newFields.length; i++) {
            TypeSerializerSchemaCompatibility field =
                    ((TypeSerializerSnapshot) fieldSnapshots[i]).resolveSchemaCompatibility(newFields[i]);
            if (field == TypeSerializerSchemaCompatibility.INCOMPATIBLE) {
                return field;
            }
            if (field == TypeSerializerSchemaCompatibility.COMPATIBLE_AFTER_MIGRATION) {
                result = field;
            }
        }
        return result;
    }
}
