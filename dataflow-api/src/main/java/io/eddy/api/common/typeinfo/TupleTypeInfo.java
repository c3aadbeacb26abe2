package io.eddy.api.common.typeinfo;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TupleSerializer;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple;
import java.util.Arrays;
import java.util.Objects;

/** The type information of {@code Tuple1}..{@code Tuple25} (and subclasses): field types {@code f0..fN}. */
public final class TupleTypeInfo<T extends Tuple> extends CompositeType<T> {

    private static final long serialVersionUID = 1L;

    private final TypeInfo<?>[] types;
    private final String[] fieldNames;

    /** The type of the standard tuple class of {@code types.length} fields. */
    @SuppressWarnings("unchecked")
    public TupleTypeInfo(TypeInfo<?>... types) {
        this((Class<T>) Tuple.getTupleClass(types.length), types);
    }

    public TupleTypeInfo(Class<T> tupleClass, TypeInfo<?>... types) {
        super(tupleClass);
        if (types.length < 1 || types.length > Tuple.MAX_ARITY) {
            throw new InvalidTypesException("Tuple type with " + types.length + " fields (expected: 1.." + Tuple.MAX_ARITY + ")");
        }
        for (int i = 0; i < types.length; i++) {
            Objects.requireNonNull(types[i], () -> "type of tuple field f" + Arrays.asList(types).indexOf(null));
        }
        this.types = types.clone();
        this.fieldNames = new String[types.length];
        for (int i = 0; i < types.length; i++) {
            fieldNames[i] = "f" + i;
        }
    }

    @Override
    public boolean isTupleType() {
        return true;
    }

    @Override
    public int getArity() {
        return types.length;
    }

    @Override
    public String[] getFieldNames() {
        return fieldNames.clone();
    }

    @Override
    public int getFieldIndex(String fieldName) {
        if (fieldName.length() >= 2 && fieldName.charAt(0) == 'f') {
            try {
                int pos = Integer.parseInt(fieldName.substring(1));
                return pos >= 0 && pos < types.length && fieldName.equals("f" + pos) ? pos : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <X> TypeInfo<X> getTypeAt(int pos) {
        return (TypeInfo<X>) types[pos];
    }

    @Override
    protected boolean leadsSerializedForm(int pos) {
        return pos == 0; // TupleSerializer writes f0, f1, ... with the fields' serializers, nothing before
    }

    @Override
    public <F> FieldAccessor<T, F> getFieldAccessor(int pos) {
        Objects.checkIndex(pos, types.length);
        return new TupleFieldAccessor<>(pos, getTypeAt(pos));
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        TypeSerializer<?>[] serializers = new TypeSerializer<?>[types.length];
        for (int i = 0; i < types.length; i++) {
            serializers[i] = types[i].createSerializer(config);
        }
        return new TupleSerializer<>(typeClass, serializers);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(typeClass.getSimpleName()).append('<');
        for (int i = 0; i < types.length; i++) {
            sb.append(i > 0 ? ", " : "").append(types[i]);
        }
        return sb.append('>').toString();
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof TupleTypeInfo<?> other && other.typeClass == typeClass && Arrays.equals(other.types, types);
    }

    @Override
    public int hashCode() {
        return 31 * typeClass.hashCode() + Arrays.hashCode(types);
    }

    /** Reads and writes tuple field {@code f<pos>} in place. */
    private static final class TupleFieldAccessor<T extends Tuple, F> implements FieldAccessor<T, F> {

        private static final long serialVersionUID = 1L;

        private final int pos;
        private final TypeInfo<F> type;

        TupleFieldAccessor(int pos, TypeInfo<F> type) {
            this.pos = pos;
            this.type = type;
        }

        @Override
        public F get(T record) {
            return record.getField(pos);
        }

        @Override
        public T set(T record, F value) {
            record.setField(value, pos);
            return record;
        }

        @Override
        public TypeInfo<F> getFieldType() {
            return type;
        }
    }
}
