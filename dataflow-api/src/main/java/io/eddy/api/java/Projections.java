package io.eddy.api.java;

import io.eddy.api.common.operators.FlatFields;
import io.eddy.api.common.operators.MapOperatorBase;
import io.eddy.api.common.operators.SingleInputSemanticProperties;
import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.functions.ProjectionMapper;
import io.eddy.api.java.tuple.Tuple;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Builds {@code project(positions...)}: a map to a tuple of selected fields, whose fields are declared forwarded. */
final class Projections {

    private Projections() {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static <T, R extends Tuple> SingleInputUdfOperator<T, R> project(DataSet<T> input, int... positions) {
        TypeInfo<T> type = input.getType();
        String what = "project" + Arrays.toString(positions) + " on '" + input.getName() + "'";
        if (!(type instanceof TupleTypeInfo<?> tupleType)) {
            throw new IllegalArgumentException(what + ": the records have type " + type
                    + ", but project works on tuples only (use map to select fields of other types)");
        }
        if (positions.length < 1 || positions.length > Tuple.MAX_ARITY) {
            throw new IllegalArgumentException(what + ": " + positions.length + " fields (expected: 1 to " + Tuple.MAX_ARITY + ")");
        }
        TypeInfo<?>[] fieldTypes = new TypeInfo<?>[positions.length];
        for (int i = 0; i < positions.length; i++) {
            FlatFields.of(type, positions[i], what);
            fieldTypes[i] = tupleType.getTypeAt(positions[i]);
        }
        TypeInfo<R> outType = (TypeInfo) new TupleTypeInfo<>(fieldTypes);
        Map<Integer, Set<Integer>> forwarded = new TreeMap<>();
        int target = 0;
        for (int position : positions) {
            for (int flat : FlatFields.of(type, position, what)) {
                forwarded.computeIfAbsent(flat, k -> new java.util.TreeSet<>()).add(target++);
            }
        }
        SingleInputSemanticProperties props = new SingleInputSemanticProperties(forwarded);
        return new SingleInputUdfOperator<T, R>(input, "Projection", new ProjectionMapper(positions), name -> outType,
                (info, f, in, declared) -> new MapOperatorBase<>(info, (ProjectionMapper) f, in, declared.isEmpty() ? props : declared));
    }
}
