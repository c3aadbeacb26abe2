package io.eddy.api.common.typeutils;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import io.eddy.core.memory.VarInts;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * The fallback serializer for types Eddy does not analyse: Kryo 5 with registration not required,
 * references enabled (shared and cyclic object graphs survive), and the classes registered in the
 * {@link SerializerConfig} written as small ids (registered in order, so all tasks agree).
 *
 * <p>Format: a variable-length byte count, then Kryo's bytes for the value with its class. The
 * count makes {@link #copy(DataInputView, DataOutputView)} a plain byte copy and lets a value span
 * buffer boundaries of the underlying view without Kryo reading ahead into the next record.
 *
 * <p>Holds a Kryo instance and buffers: each thread uses its own {@link #duplicate()}.
 */
public final class KryoSerializer<T> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private final List<Class<?>> registeredTypes;

    /** Created lazily on the thread using this instance. */
    private transient Kryo kryo;
    private transient Output output;
    private transient Input input;
    private transient byte[] readBuffer;

    public KryoSerializer(Class<T> type, SerializerConfig config) {
        this(type, config.getRegisteredKryoTypes());
    }

    private KryoSerializer(Class<T> type, List<Class<?>> registeredTypes) {
        this.type = Objects.requireNonNull(type, "type");
        this.registeredTypes = new ArrayList<>(registeredTypes);
    }

    public Class<T> getType() {
        return type;
    }

    /** The classes registered with Kryo, in registration order. */
    public List<Class<?>> getRegisteredTypes() {
        return new ArrayList<>(registeredTypes);
    }

    private Kryo kryo() {
        Kryo k = kryo;
        if (k == null) {
            k = new Kryo();
            k.setRegistrationRequired(false);
            k.setReferences(true);
            k.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
            ClassLoader loader = type.getClassLoader();
            if (loader != null) {
                k.setClassLoader(loader);
            }
            for (Class<?> registered : registeredTypes) {
                k.register(registered);
            }
            kryo = k;
            output = new Output(256, -1);
            input = new Input();
        }
        return k;
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public KryoSerializer<T> duplicate() {
        return new KryoSerializer<>(type, registeredTypes);
    }

    @Override
    public T createInstance() {
        return null;
    }

    @Override
    public T copy(T from) {
        if (from == null) {
            return null;
        }
        Kryo k = kryo();
        try {
            output.reset();
            k.writeClassAndObject(output, from);
            input.setBuffer(output.getBuffer(), 0, output.position());
            @SuppressWarnings("unchecked")
            T copy = (T) k.readClassAndObject(input);
            return copy;
        } catch (KryoException e) {
            throw new IllegalStateException("Kryo could not copy a value of " + from.getClass().getName()
                    + "; give the type a POJO or record shape, or register a Kryo serializer for it", e);
        }
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
        Kryo k = kryo();
        output.reset();
        try {
            k.writeClassAndObject(output, record);
        } catch (KryoException e) {
            throw new IOException("Kryo could not serialize a value of " + (record == null ? "null" : record.getClass().getName())
                    + " (declared type " + type.getName() + "); give the type a POJO or record shape", e);
        }
        int n = output.position();
        VarInts.writeVarInt(n, target);
        target.write(output.getBuffer(), 0, n);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T deserialize(DataInputView source) throws IOException {
        Kryo k = kryo();
        int n = VarInts.readVarInt(source);
        byte[] buf = readBuffer;
        if (buf == null || buf.length < n) {
            buf = new byte[Math.max(n, 256)];
            readBuffer = buf;
        }
        source.readFully(buf, 0, n);
        input.setBuffer(buf, 0, n);
        try {
            return (T) k.readClassAndObject(input);
        } catch (KryoException e) {
            throw new IOException("Kryo could not read a value of declared type " + type.getName()
                    + "; the data was written with other Kryo registrations or another class version", e);
        }
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        int n = VarInts.copyVarInt(source, target);
        target.write(source, n);
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new KryoSerializerSnapshot<>(type, registeredTypes);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof KryoSerializer<?> other && other.type == type && other.registeredTypes.equals(registeredTypes);
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + registeredTypes.hashCode();
    }

    @Override
    public String toString() {
        return "KryoSerializer(" + type.getName() + ")";
    }

    static <T> KryoSerializer<T> create(Class<T> type, List<Class<?>> registeredTypes) {
        return new KryoSerializer<>(type, registeredTypes);
    }
}
