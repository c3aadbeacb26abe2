package io.eddy.api.common.typeutils;

import io.eddy.api.java.tuple.Tuple;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Serializes tuples field after field, with no header. Tuple fields must not be null (as in
 * Flink): a null field fails with an error naming the field; use a POJO or a record for nullable
 * fields. Tuple subclasses need a public no-argument constructor.
 *
 * <p>Field serializers may hold scratch state: each thread uses its own {@link #duplicate()}.
 */
public final class TupleSerializer<T extends Tuple> extends TypeSerializer<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> tupleClass;
    private final TypeSerializer<Object>[] fieldSerializers;
    private final int arity;
    private final int length;
    private final Instantiator<T> instantiator;

    @SuppressWarnings("unchecked")
    public TupleSerializer(Class<T> tupleClass, TypeSerializer<?>[] fieldSerializers) {
        this.tupleClass = Objects.requireNonNull(tupleClass, "tupleClass");
        this.fieldSerializers = (TypeSerializer<Object>[]) fieldSerializers.clone();
        this.arity = fieldSerializers.length;
        this.length = fixedLength(fieldSerializers);
        this.instantiator = Instantiator.forTuple(tupleClass, arity);
    }

    static int fixedLength(TypeSerializer<?>[] serializers) {
        int total = 0;
        for (TypeSerializer<?> s : serializers) {
            if (s.getLength() < 0) {
                return -1;
            }
            total += s.getLength();
        }
        return total;
    }

    public Class<T> getTupleClass() {
        return tupleClass;
    }

    public TypeSerializer<?>[] getFieldSerializers() {
        return fieldSerializers.clone();
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public TupleSerializer<T> duplicate() {
        TypeSerializer<?>[] copies = new TypeSerializer<?>[arity];
        boolean same = true;
        for (int i = 0; i < arity; i++) {
            copies[i] = fieldSerializers[i].duplicate();
            same &= copies[i] == fieldSerializers[i];
        }
        return same ? this : new TupleSerializer<>(tupleClass, copies);
    }

    @Override
    public T createInstance() {
        T t = instantiator.newInstance();
        for (int i = 0; i < arity; i++) {
            t.setField(fieldSerializers[i].createInstance(), i);
        }
        return t;
    }

    @Override
    public T copy(T from) {
        T t = instantiator.newInstance();
        for (int i = 0; i < arity; i++) {
            t.setField(fieldSerializers[i].copy(from.getField(i)), i);
        }
        return t;
    }

    @Override
    public T copy(T from, T reuse) {
        for (int i = 0; i < arity; i++) {
            Object old = reuse.getField(i);
            Object value = from.getField(i);
            reuse.setField(old == null ? fieldSerializers[i].copy(value) : fieldSerializers[i].copy(value, old), i);
        }
        return reuse;
    }

    @Override
    public int getLength() {
        return length;
    }

    @Override
    public void serialize(T record, DataOutputView target) throws IOException {
        for (int i = 0; i < arity; i++) {
            Object value = record.getField(i);
            if (value == null) {
                throw new NullPointerException(tupleClass.getSimpleName() + " field f" + i + " is null in " + record
                        + "; tuple fields must not be null: use a POJO or record for nullable fields, or a default value");
            }
            fieldSerializers[i].serialize(value, target);
        }
    }

    @Override
    public T deserialize(DataInputView source) throws IOException {
        T t = instantiator.newInstance();
        for (int i = 0; i < arity; i++) {
            t.setField(fieldSerializers[i].deserialize(source), i);
        }
        return t;
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        for (int i = 0; i < arity; i++) {
            Object old = reuse.getField(i);
            reuse.setField(old == null ? fieldSerializers[i].deserialize(source) : fieldSerializers[i].deserialize(old, source), i);
        }
        return reuse;
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        if (length >= 0) {
            target.write(source, length);
            return;
        }
        for (int i = 0; i < arity; i++) {
            fieldSerializers[i].copy(source, target);
        }
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        return new Snapshot<>(tupleClass, fieldSerializers);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof TupleSerializer<?> other && other.tupleClass == tupleClass
                && Arrays.equals(other.fieldSerializers, fieldSerializers);
    }

    @Override
    public int hashCode() {
        return 31 * tupleClass.hashCode() + Arrays.hashCode(fieldSerializers);
    }

    @Override
    public String toString() {
        return "TupleSerializer" + Arrays.toString(fieldSerializers);
    }

    static String[] tupleFieldNames(int arity) {
        String[] names = new String[arity];
        for (int i = 0; i < arity; i++) {
            names[i] = "f" + i;
        }
        return names;
    }

    /** The snapshot of a {@link TupleSerializer}: the tuple class and the field serializers' snapshots. */
    public static final class Snapshot<T extends Tuple> extends FieldsSerializerSnapshot<T> {

        public Snapshot() {
        }

        Snapshot(Class<T> tupleClass, TypeSerializer<?>[] fieldSerializers) {
            super(tupleClass, tupleFieldNames(fieldSerializers.length), fieldSerializers);
        }

        @Override
        protected TypeSerializer<T> restore(Class<T> typeClass, String[] fieldNames, TypeSerializer<?>[] fieldSerializers) {
            return new TupleSerializer<>(typeClass, fieldSerializers);
        }

        @Override
        protected TypeSerializer<?>[] fieldSerializersOf(TypeSerializer<T> newSerializer) {
            return newSerializer instanceof TupleSerializer<?> s ? s.getFieldSerializers() : null;
        }

        @Override
        protected String[] fieldNamesOf(TypeSerializer<T> newSerializer) {
            return tupleFieldNames(((TupleSerializer<?>) newSerializer).arity);
        }

        @Override
        protected Class<?> typeClassOf(TypeSerializer<T> newSerializer) {
            return ((TupleSerializer<?>) newSerializer).tupleClass;
        }
    }
}
