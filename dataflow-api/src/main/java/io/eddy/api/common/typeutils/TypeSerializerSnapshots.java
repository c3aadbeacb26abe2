package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;

/**
 * Writes and reads {@link TypeSerializerSnapshot}s in a self-describing form: the snapshot's class
 * name, its format version, then its payload. Reading instantiates the class by name through its
 * public no-argument constructor and lets it read its payload.
 */
public final class TypeSerializerSnapshots {

    private TypeSerializerSnapshots() {
    }

    /** Writes {@code snapshot}'s class name, version and payload to {@code out}. */
    public static void write(TypeSerializerSnapshot<?> snapshot, DataOutputView out) throws IOException {
        out.writeUTF(snapshot.getClass().getName());
        out.writeInt(snapshot.getCurrentVersion());
        snapshot.writeSnapshot(out);
    }

    /** Reads a snapshot written by {@link #write}, loading classes through {@code classLoader}. */
    public static <T> TypeSerializerSnapshot<T> read(DataInputView in, ClassLoader classLoader) throws IOException {
        String className = in.readUTF();
        int version = in.readInt();
        TypeSerializerSnapshot<T> snapshot = instantiate(className, classLoader);
        snapshot.readSnapshot(version, in, classLoader);
        return snapshot;
    }

    /** Writes {@code serializer}'s snapshot; shorthand for {@code write(serializer.snapshotConfiguration(), out)}. */
    public static void writeSerializer(TypeSerializer<?> serializer, DataOutputView out) throws IOException {
        write(serializer.snapshotConfiguration(), out);
    }

    /** Reads a snapshot and restores its serializer. */
    public static <T> TypeSerializer<T> readSerializer(DataInputView in, ClassLoader classLoader) throws IOException {
        TypeSerializerSnapshot<T> snapshot = read(in, classLoader);
        return snapshot.restoreSerializer();
    }

    @SuppressWarnings("unchecked")
    private static <T> TypeSerializerSnapshot<T> instantiate(String className, ClassLoader classLoader) throws IOException {
        Class<?> cls;
        try {
            cls = Class.forName(className, false, classLoader);
        } catch (ClassNotFoundException e) {
            throw new IOException("Serializer snapshot class " + className + " is not on the class path of "
                    + classLoader + "; add the jar that holds it (the serializer of the stored data) to the job", e);
        }
        if (!TypeSerializerSnapshot.class.isAssignableFrom(cls)) {
            throw new IOException("Class " + className + " is not a TypeSerializerSnapshot; the stored data is corrupt"
                    + " or was not written by TypeSerializerSnapshots.write");
        }
        try {
            return (TypeSerializerSnapshot<T>) cls.getConstructor().newInstance();
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new IOException("Serializer snapshot class " + className
                    + " needs a public no-argument constructor (and must not be abstract)", e);
        } catch (InvocationTargetException e) {
            throw new IOException("The constructor of serializer snapshot class " + className + " failed", e.getCause());
        }
    }

    /** Fails with a clear message if {@code readVersion} is not between 1 and {@code currentVersion}. */
    public static void checkVersion(TypeSerializerSnapshot<?> snapshot, int readVersion, int currentVersion) {
        if (readVersion < 1 || readVersion > currentVersion) {
            throw new IllegalStateException(snapshot.getClass().getName() + ": snapshot version " + readVersion
                    + " is not supported (expected: 1.." + currentVersion
                    + "); the data was written by a newer Eddy version or is corrupt");
        }
    }
}
