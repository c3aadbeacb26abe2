package io.eddy.api.java.functions;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple;

/**
 * Copies a standard tuple into an instance of a tuple subclass with the same fields ({@code
 * CsvReader.tupleType(Person.class)} with {@code Person extends Tuple2<String, Integer>}). The
 * instance comes from the subclass's serializer, so no reflection runs per record.
 */
public final class TupleSubclassMapper<T extends Tuple> implements MapFunction<Tuple, T> {

    private static final long serialVersionUID = 1L;

    private final TypeSerializer<T> serializer;

    /** @param serializer the serializer of the subclass type (creates its instances) */
    public TupleSubclassMapper(TypeSerializer<T> serializer) {
        this.serializer = java.util.Objects.requireNonNull(serializer, "serializer");
    }

    @Override
    public T map(Tuple value) {
        T out = serializer.createInstance();
        for (int i = 0; i < value.getArity(); i++) {
            out.setField(value.getField(i), i);
        }
        return out;
    }
}
