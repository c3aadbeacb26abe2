package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The snapshot of a {@link KryoSerializer}: the declared class and the registered classes in order
 * (their positions are the ids in the data). A new serializer whose registrations start with the
 * old ones reads the data as is; any other registration change needs migration.
 */
public final class KryoSerializerSnapshot<T> implements TypeSerializerSnapshot<T> {

    private Class<T> type;
    private List<Class<?>> registeredTypes;

    public KryoSerializerSnapshot() {
    }

    KryoSerializerSnapshot(Class<T> type, List<Class<?>> registeredTypes) {
        this.type = type;
        this.registeredTypes = new ArrayList<>(registeredTypes);
    }

    @Override
    public int getCurrentVersion() {
        return 1;
    }

    @Override
    public void writeSnapshot(DataOutputView out) throws IOException {
        out.writeUTF(type.getName());
        out.writeInt(registeredTypes.size());
        for (Class<?> c : registeredTypes) {
            out.writeUTF(c.getName());
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException {
        TypeSerializerSnapshots.checkVersion(this, readVersion, 1);
        type = (Class<T>) load(in.readUTF(), userCodeClassLoader);
        int n = in.readInt();
        registeredTypes = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            registeredTypes.add(load(in.readUTF(), userCodeClassLoader));
        }
    }

    private static Class<?> load(String name, ClassLoader loader) throws IOException {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IOException("Class " + name + " of the stored Kryo data is not on the class path; add its jar", e);
        }
    }

    @Override
    public TypeSerializer<T> restoreSerializer() {
        return KryoSerializer.create(type, registeredTypes);
    }

    @Override
    public TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<T> newSerializer) {
        if (!(newSerializer instanceof KryoSerializer<?> other) || other.getType() != type) {
            return TypeSerializerSchemaCompatibility.INCOMPATIBLE;
        }
        List<Class<?>> newTypes = other.getRegisteredTypes();
        boolean prefix = newTypes.size() >= registeredTypes.size()
                && newTypes.subList(0, registeredTypes.size()).equals(registeredTypes);
        return prefix ? TypeSerializerSchemaCompatibility.COMPATIBLE_AS_IS
                : TypeSerializerSchemaCompatibility.COMPATIBLE_AFTER_MIGRATION;
    }
}
