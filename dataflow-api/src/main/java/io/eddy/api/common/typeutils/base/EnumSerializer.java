package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSchemaCompatibility;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * Serializes enum constants as their ordinal (4 bytes). The snapshot keeps the constant names, so
 * a later version of the enum with reordered or added constants is detected (data is then
 * migrated); a removed constant makes old data unreadable (incompatible). Stateless after creation.
 */
public final class EnumSerializer<T extends Enum<T>> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> enumClass;
    /** The constants by ordinal; rebuilt after Java deserialization. */
    private transient T[] values;

    public EnumSerializer(Class<T> enumClass) {
        this.enumClass = Objects.requireNonNull(enumClass, "enumClass");
        if (!enumClass.isEnum()) {
            throw new IllegalArgumentException("enumClass: " + enumClass.getName() + " (expected: an enum class)");
        }
        this.values = enumClass.getEnumConstants();
    }

    public Class<T> getEnumClass() {
        return enumClass;
    }

    /** Rebuilds the constants when deserialized, never on first use (docs/types.md, "Derived state"). */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        values = enumClass.getEnumConstants();
    }

    /** Whether the constants are in place before any record was read (for tests). */
    boolean hasConstants() {
        return values != null;
    }

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public EnumSerializer<T> duplicate() {
        return this;
    }

    @Override
    public T createInstance() {
        return values.length > 0 ? values[0] : null;
    }

    @Override
    public T copy(T from) {
        return from;
    }

    @Override
    public T copy(T from, T reuse) {
        return from;
    }

    @Override
    public int getLength() {
        return 4;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        target.writeInt(record.ordinal());
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        int ordinal = source.readInt();
        T[] v = values;
        if (ordinal < 0 || ordinal >= v.length) {
            throw new IOException("Enum " + enumClass.getName() + " has no constant with ordinal " + ordinal
                    + " (it has " + v.length + "); the data was written with another version of the enum");
        }
        return v[ordinal];
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        target.write(source, 4);
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>(enumClass);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof EnumSerializer<?> other && other.enumClass == enumClass;
    }

    @Override
    public int hashCode() {
        return enumClass.hashCode();
    }

    @Override
    public String toString() {
        return "EnumSerializer(" + enumClass.getSimpleName() + ")";
    }

    static String[] namesOf(Class<? extends Enum<?>> enumClass) {
        Enum<?>[] constants = enumClass.getEnumConstants();
        String[] names = new String[constants.length];
        for (int i = 0; i < constants.length; i++) {
            names[i] = constants[i].name();
        }
        return names;
    }

    /** The snapshot of an {@link EnumSerializer}: the enum class and its constant names in ordinal order. */
    public static final class Snapshot<T extends Enum<T>> implements TypeSerializerSnapshot<T> {

        private Class<T> enumClass;
        private String[] names;

        public Snapshot() {
        }

        Snapshot(Class<T> enumClass) {
            this.enumClass = enumClass;
            this.names = namesOf(enumClass);
        }

        @Override
        public int getCurrentVersion() {
            return 1;
        }

        @Override
        public void writeSnapshot(DataOutputView out) throws IOException {
            out.writeUTF(enumClass.getName());
            out.writeInt(names.length);
            for (String name : names) {
                out.writeUTF(name);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException {
            TypeSerializerSnapshots.checkVersion(this, readVersion, 1);
            String className = in.readUTF();
            try {
                enumClass = (Class<T>) Class.forName(className, false, userCodeClassLoader);
            } catch (ClassNotFoundException e) {
                throw new IOException("Enum " + className + " of the stored data is not on the class path; add its jar", e);
            }
            names = new String[in.readInt()];
            for (int i = 0; i < names.length; i++) {
                names[i] = in.readUTF();
            }
        }

        @Override
        public TypeSerializer<T> restoreSerializer() {
            return new EnumSerializer<>(enumClass);
        }

        @Override
        public TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<T> newSerializer) {
            if (!(newSerializer instanceof EnumSerializer<?> other) || other.enumClass != enumClass) {
                return TypeSerializerSchemaCompatibility.INCOMPATIBLE;
            }
            String[] current = namesOf(enumClass);
            if (Arrays.equals(current, names)) {
                return TypeSerializerSchemaCompatibility.COMPATIBLE_AS_IS;
            }
            return Arrays.asList(current).containsAll(Arrays.asList(names))
                    ? TypeSerializerSchemaCompatibility.COMPATIBLE_AFTER_MIGRATION
                    : TypeSerializerSchemaCompatibility.INCOMPATIBLE;
        }
    }
}
