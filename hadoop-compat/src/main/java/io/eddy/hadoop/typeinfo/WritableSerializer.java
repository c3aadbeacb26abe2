package io.eddy.hadoop.typeinfo;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSchemaCompatibility;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.DataOutputView;
import java.io.EOFException;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.util.Objects;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * Serializes a Hadoop {@link Writable} through its own {@code write} / {@code readFields}.
 *
 * <p>Format: the length of what {@code write} wrote, as Hadoop's variable-length int ({@link
 * WritableUtils#writeVInt}), then those bytes. The length makes a record self-delimiting whatever
 * the class writes, so {@link #copy(DataInputView, DataOutputView)} copies bytes without a
 * {@code readFields}, and {@link WritableKeyComparator} hands the exact bytes of two serialized
 * records to the class's registered raw comparator. A {@code readFields} that does not read back
 * exactly what {@code write} wrote fails the read with an {@link IOException} naming the class (it
 * would otherwise corrupt every record after it).
 *
 * <p>{@code Text}, {@code IntWritable} and {@code LongWritable} are written in the same format
 * without the scratch copy, read straight from the source, copied by their setters and made with
 * {@code new}. Instances of other classes are made with the class's no-argument constructor (which
 * may be private, as {@code NullWritable}'s is), as Hadoop's {@code ReflectionUtils.newInstance}
 * makes them. Not thread-safe:
 * scratch buffers make each instance single-threaded; {@link #duplicate()} gives another.
 */
public final class WritableSerializer<T extends Writable> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    /** How records of {@link #type} are written, read and copied. */
    private final Kind kind;
    private transient DataOutputSerializer written;
    private transient DataInputDeserializer reading;
    private transient byte[] readBytes;
    private transient Constructor<T> constructor;

    public WritableSerializer(Class<T> type) {
        this.type = Objects.requireNonNull(type, "type");
        if (!Writable.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("type: " + type.getName() + " (expected: a class implementing " + Writable.class.getName() + ")");
        }
        this.kind = Kind.of(type);
    }

    public Class<T> getType() {
        return type;
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public WritableSerializer<T> duplicate() {
        return new WritableSerializer<>(type);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T createInstance() {
        switch (kind) {
            case TEXT -> {
                return (T) new Text();
            }
            case INT -> {
                return (T) new IntWritable();
            }
            case LONG -> {
                return (T) new LongWritable();
            }
            default -> {
                return newInstance();
            }
        }
    }

    private T newInstance() {
        try {
            if (constructor == null) {
                Constructor<T> c = type.getDeclaredConstructor();
                c.setAccessible(true);
                constructor = c;
            }
            return constructor.newInstance();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("Writable " + type.getName() + " has no no-argument constructor; Hadoop and Eddy make"
                    + " instances with one (it may be private)", e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Making a " + type.getName() + " with its no-argument constructor failed: " + e, e);
        }
    }

    @Override
    public T copy(T from) {
        return copy(from, createInstance());
    }

    @Override
    public T copy(T from, T reuse) {
        switch (kind) {
            case TEXT -> ((Text) reuse).set((Text) from);
            case INT -> ((IntWritable) reuse).set(((IntWritable) from).get());
            case LONG -> ((LongWritable) reuse).set(((LongWritable) from).get());
            default -> {
                try {
                    DataOutputSerializer out = write(from);
                    readFields(reuse, out.getSharedBuffer(), out.length());
                } catch (IOException e) {
                    throw new IllegalStateException("Copying a " + type.getName() + " through write/readFields failed: " + e.getMessage(), e);
                }
            }
        }
        return reuse;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        switch (kind) {
            case TEXT -> {
                // Text.write's bytes (its length as a vint, then the bytes) without the scratch copy.
                Text text = (Text) record;
                int length = text.getLength();
                WritableUtils.writeVInt(target, WritableUtils.getVIntSize(length) + length);
                WritableUtils.writeVInt(target, length);
                target.write(text.getBytes(), 0, length);
            }
            case INT -> {
                target.writeByte(Integer.BYTES);
                target.writeInt(((IntWritable) record).get());
            }
            case LONG -> {
                target.writeByte(Long.BYTES);
                target.writeLong(((LongWritable) record).get());
            }
            default -> {
                DataOutputSerializer out = write(record);
                WritableUtils.writeVInt(target, out.length());
                target.write(out.getSharedBuffer(), 0, out.length());
            }
        }
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        return deserialize(createInstance(), source);
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        int length = WritableUtils.readVInt(source);
        if (kind != Kind.GENERIC) {
            // Hadoop's own classes read back exactly what they write: straight from the source.
            reuse.readFields(source);
            return reuse;
        }
        if (readBytes == null || readBytes.length < length) {
            readBytes = new byte[Math.max(length, 64)];
        }
        source.readFully(readBytes, 0, length);
        readFields(reuse, readBytes, length);
        return reuse;
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int length = WritableUtils.readVInt(source);
        WritableUtils.writeVInt(target, length);
        target.write(source, length);
    }

    /** {@code record}'s bytes as {@code write} gives them, in the scratch buffer. */
    private DataOutputSerializer write(T record) throws IOException {
        if (written == null) {
            written = new DataOutputSerializer(64);
        }
        written.clear();
        record.write(written);
        return written;
    }

    private void readFields(T target, byte[] bytes, int length) throws IOException {
        if (reading == null) {
            reading = new DataInputDeserializer();
        }
        reading.setBuffer(bytes, 0, length);
        try {
            target.readFields(reading);
        } catch (EOFException e) {
            throw new IOException(type.getName() + ".readFields read past the " + length
                    + " bytes its write wrote; a Writable must read back exactly what it writes", e);
        }
        if (reading.getPosition() != length) {
            throw new IOException(type.getName() + ".readFields read " + reading.getPosition() + " of the " + length
                    + " bytes its write wrote; a Writable must read back exactly what it writes");
        }
    }

    /** Hadoop's most used classes, written and copied without the scratch buffer; any other class through its write/readFields. */
    private enum Kind {
        TEXT, INT, LONG, GENERIC;

        static Kind of(Class<?> type) {
            return type == Text.class ? TEXT : type == IntWritable.class ? INT : type == LongWritable.class ? LONG : GENERIC;
        }
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>(type);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof WritableSerializer<?> other && other.type == type;
    }

    @Override
    public int hashCode() {
        return type.hashCode();
    }

    @Override
    public String toString() {
        return "WritableSerializer(" + type.getName() + ")";
    }

    /** The snapshot of a {@link WritableSerializer}: the class name. */
    public static final class Snapshot<T extends Writable> implements TypeSerializerSnapshot<T> {

        private Class<T> type;

        public Snapshot() {
        }

        Snapshot(Class<T> type) {
            this.type = type;
        }

        @Override
        public int getCurrentVersion() {
            return 1;
        }

        @Override
        public void writeSnapshot(DataOutputView out) throws IOException {
            out.writeUTF(type.getName());
        }

        @Override
        @SuppressWarnings("unchecked")
        public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException {
            TypeSerializerSnapshots.checkVersion(this, readVersion, 1);
            String className = in.readUTF();
            try {
                type = (Class<T>) Class.forName(className, false, userCodeClassLoader);
            } catch (ClassNotFoundException e) {
                throw new IOException("Writable " + className + " of the stored data is not on the class path; add its jar", e);
            }
        }

        @Override
        public TypeSerializer<T> restoreSerializer() {
            return new WritableSerializer<>(type);
        }

        @Override
        public TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<T> newSerializer) {
            // The bytes are whatever the class's write() makes: the same class reads them as it is.
            return newSerializer instanceof WritableSerializer<?> other && other.type == type
                    ? TypeSerializerSchemaCompatibility.COMPATIBLE_AS_IS
                    : TypeSerializerSchemaCompatibility.INCOMPATIBLE;
        }
    }
}
