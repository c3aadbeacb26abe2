package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSchemaCompatibility;
import io.eddy.api.common.typeutils.TypeSerializerSnapshot;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.core.memory.VarInts;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Serializes arrays of one primitive type: a variable-length element count, then the elements
 * big-endian. One class for the eight kinds; the kind is switched once per array, not per element.
 * Stateless.
 */
public final class PrimitiveArraySerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    /** The primitive element kinds, with their array class and element size. */
    public enum Kind {
        BOOLEAN(boolean[].class, 1), BYTE(byte[].class, 1), SHORT(short[].class, 2), INT(int[].class, 4),
        LONG(long[].class, 8), FLOAT(float[].class, 4), DOUBLE(double[].class, 8), CHAR(char[].class, 2);

        final Class<?> arrayClass;
        final int elementSize;

        Kind(Class<?> arrayClass, int elementSize) {
            this.arrayClass = arrayClass;
            this.elementSize = elementSize;
        }

        public Class<?> arrayClass() {
            return arrayClass;
        }

        /** The kind of {@code arrayClass}, or null if it is not a primitive array class. */
        public static Kind of(Class<?> arrayClass) {
            for (Kind k : values()) {
                if (k.arrayClass == arrayClass) {
                    return k;
                }
            }
            return null;
        }
    }

    private final Kind kind;

    public PrimitiveArraySerializer(Kind kind) {
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    public Kind getKind() {
        return kind;
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public PrimitiveArraySerializer<T> duplicate() {
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T createInstance() {
        return (T) java.lang.reflect.Array.newInstance(kind.arrayClass.getComponentType(), 0);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T copy(T from) {
        return switch (kind) {
            case BOOLEAN -> (T) ((boolean[]) from).clone();
            case BYTE -> (T) ((byte[]) from).clone();
            case SHORT -> (T) ((short[]) from).clone();
            case INT -> (T) ((int[]) from).clone();
            case LONG -> (T) ((long[]) from).clone();
            case FLOAT -> (T) ((float[]) from).clone();
            case DOUBLE -> (T) ((double[]) from).clone();
            case CHAR -> (T) ((char[]) from).clone();
        };
    }

    @Override
    public T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        switch (kind) {
            case BYTE -> {
                byte[] a = (byte[]) record;
                VarInts.writeVarInt(a.length, target);
                target.write(a);
            }
            case INT -> writeInts((int[]) record, target);
            case LONG -> writeLongs((long[]) record, target);
            case DOUBLE -> writeDoubles((double[]) record, target);
            default -> writeOthers(record, target);
        }
    }

    private static void writeInts(int[] a, DataOutputView target) throws IOException {
        VarInts.writeVarInt(a.length, target);
        for (int v : a) {
            target.writeInt(v);
        }
    }

    private static void writeLongs(long[] a, DataOutputView target) throws IOException {
        VarInts.writeVarInt(a.length, target);
        for (long v : a) {
            target.writeLong(v);
        }
    }

    private static void writeDoubles(double[] a, DataOutputView target) throws IOException {
        VarInts.writeVarInt(a.length, target);
        for (double v : a) {
            target.writeDouble(v);
        }
    }

    /** The less common kinds: boolean, short, float, char. */
    private void writeOthers(T record, DataOutputView target) throws IOException {
        int n = java.lang.reflect.Array.getLength(record);
        VarInts.writeVarInt(n, target);
        switch (kind) {
            case BOOLEAN -> {
                for (boolean v : (boolean[]) record) {
                    target.writeBoolean(v);
                }
            }
            case SHORT -> {
                for (short v : (short[]) record) {
                    target.writeShort(v);
                }
            }
            case FLOAT -> {
                for (float v : (float[]) record) {
                    target.writeFloat(v);
                }
            }
            case CHAR -> {
                for (char v : (char[]) record) {
                    target.writeChar(v);
                }
            }
            default -> throw new IllegalStateException("Bug: kind " + kind + " has its own writer");
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public T deserialize(DataInputView source) throws IOException {
        int n = VarInts.readVarInt(source);
        Object array = switch (kind) {
            case BYTE -> {
                byte[] a = new byte[n];
                source.readFully(a);
                yield a;
            }
            case INT -> {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = source.readInt();
                }
                yield a;
            }
            case LONG -> {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = source.readLong();
                }
                yield a;
            }
            default -> readOthers(n, source);
        };
        return (T) array;
    }

    /** The less common kinds: boolean, short, float, double, char. */
    private Object readOthers(int n, DataInputView source) throws IOException {
        switch (kind) {
            case BOOLEAN: {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = source.readBoolean();
                }
                return a;
            }
            case SHORT: {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = source.readShort();
                }
                return a;
            }
            case FLOAT: {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = source.readFloat();
                }
                return a;
            }
            case DOUBLE: {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = source.readDouble();
                }
                return a;
            }
            case CHAR: {
                char[] a = new char[n];
                for (int i = 0; i < n; i++) {
                    a[i] = source.readChar();
                }
                return a;
            }
            default:
                throw new IllegalStateException("Bug: kind " + kind + " has its own reader");
        }
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int n = VarInts.copyVarInt(source, target);
        target.write(source, n * kind.elementSize);
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>(kind);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof PrimitiveArraySerializer<?> other && other.kind == kind;
    }

    @Override
    public int hashCode() {
        return kind.hashCode();
    }

    @Override
    public String toString() {
        return "PrimitiveArraySerializer(" + kind + ")";
    }

    /** The snapshot of a {@link PrimitiveArraySerializer}: the element kind by name. */
    public static final class Snapshot<T> implements TypeSerializerSnapshot<T> {

        private Kind kind;

        public Snapshot() {
        }

        Snapshot(Kind kind) {
            this.kind = kind;
        }

        @Override
        public int getCurrentVersion() {
            return 1;
        }

        @Override
        public void writeSnapshot(DataOutputView out) throws IOException {
            out.writeUTF(kind.name());
        }

        @Override
        public void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException {
            TypeSerializerSnapshots.checkVersion(this, readVersion, 1);
            String name = in.readUTF();
            try {
                kind = Kind.valueOf(name);
            } catch (IllegalArgumentException e) {
                throw new IOException("Unknown primitive array kind '" + name + "' (expected one of "
                        + Arrays.toString(Kind.values()) + ")", e);
            }
        }

        @Override
        public TypeSerializer<T> restoreSerializer() {
            return new PrimitiveArraySerializer<>(kind);
        }

        @Override
        public TypeSerializerSchemaCompatibility resolveSchemaCompatibility(TypeSerializer<T> newSerializer) {
            return newSerializer instanceof PrimitiveArraySerializer<?> other && other.kind == kind
                    ? TypeSerializerSchemaCompatibility.COMPATIBLE_AS_IS
                    : TypeSerializerSchemaCompatibility.INCOMPATIBLE;
        }
    }
}
