package io.eddy.util;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;

/**
 * Java serialization of user function closures, the one place Eddy uses it (STYLE.md): operator
 * descriptors, key selectors and type information travel as bytes and are read with the job's
 * user-code class loader on a worker.
 */
public final class InstantiationUtil {

    private InstantiationUtil() {}

    /**
     * Serializes {@code value}; {@code what} names it for the error, e.g. "the function of operator 'Map'".
     *
     * @throws IllegalArgumentException naming {@code what} and the class that is not serializable
     */
    public static byte[] serialize(Serializable value, String what) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (NotSerializableException e) {
            throw new IllegalArgumentException("Cannot serialize " + what + ": it refers to an object of class " + e.getMessage()
                    + ", which is not Serializable. Functions are shipped to workers, so everything they capture must be "
                    + "Serializable: make the captured field transient and create it in open(), or make its class Serializable.", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot serialize " + what + ": " + e, e);
        }
        return bytes.toByteArray();
    }

    /** Reads what {@link #serialize} wrote, resolving classes through {@code classLoader}. */
    @SuppressWarnings("unchecked")
    public static <T> T deserialize(byte[] bytes, ClassLoader classLoader, String what) {
        try (ObjectInputStream in = new ClassLoaderObjectInputStream(new ByteArrayInputStream(bytes), classLoader)) {
            return (T) in.readObject();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("Cannot read " + what + ": class " + e.getMessage()
                    + " is not on the worker's class path. Is the job jar complete (does it contain or shade all user classes)?", e);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + what + ": " + e, e);
        }
    }

    /** A deep copy through serialization, e.g. to give each parallel instance its own function object. */
    public static <T extends Serializable> T clone(T value, ClassLoader classLoader) {
        return deserialize(serialize(value, value.getClass().getName()), classLoader, value.getClass().getName());
    }

    private static final class ClassLoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader classLoader;

        ClassLoaderObjectInputStream(InputStream in, ClassLoader classLoader) throws IOException {
            super(in);
            this.classLoader = classLoader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, classLoader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
