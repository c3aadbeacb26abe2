package io.eddy.api.java;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.operators.FlatFields;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.ReduceOperatorBase;
import io.eddy.api.common.operators.SingleInputSemanticProperties;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.FieldAccessor;
import io.eddy.api.common.typeinfo.FieldAccessors;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.Aggregations;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.functions.AggregationReducer;
import io.eddy.streaming.api.functions.aggregation.ComparableAggregator;
import io.eddy.streaming.api.functions.aggregation.SumAggregator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The result of {@code aggregate(SUM, 1)}, {@code sum(1)}, {@code min}, {@code max}, on a data set
 * or a grouping; {@link #and} adds more fields. It becomes a reduce whose function applies each
 * field's aggregation; every field that is not aggregated is declared forwarded. Call {@code
 * and(...)} before {@code name(...)} or {@code setParallelism(...)}, which return the general
 * operator type.
 */
public final class AggregateOperator<T> extends SingleInputUdfOperator<T, T> {

    private final List<ReduceFunction<T>> aggregators = new ArrayList<>();
    private final Set<Integer> aggregatedFlatFields = new HashSet<>();
    private final TypeInfo<T> type;

    AggregateOperator(DataSet<T> input, Keys keys, Aggregations aggregation, int field) {
        super(input, "Aggregate", null, name -> input.getType(),
                (info, function, in, props) -> new ReduceOperatorBase<>(info, castReduce(function), in, props));
        this.type = input.getType();
        setKeys(keys, null);
        setImplicitSemanticProperties(this::unaggregatedFields);
        and(aggregation, field);
    }

    @SuppressWarnings("unchecked")
    private static <T> ReduceFunction<T> castReduce(Function function) {
        return (ReduceFunction<T>) function;
    }

    /**
     * Aggregates another field in the same pass.
     *
     * @throws io.eddy.api.common.typeutils.InvalidTypesException if the field does not exist, naming the operator
     * @throws IllegalArgumentException if the field cannot be aggregated so (not numeric for SUM, not comparable for MIN/MAX)
     */
    public AggregateOperator<T> and(Aggregations aggregation, int field) {
        java.util.Objects.requireNonNull(aggregation, "aggregation");
        String operatorName = getName() + " (" + aggregation + " of field " + field + ")";
        FieldAccessor<T, ?> accessor = FieldAccessors.create(type, field, operatorName);
        TypeSerializer<T> serializer = type.createSerializer(getExecutionEnvironment().getConfig());
        aggregators.add(switch (aggregation) {
            case SUM -> new SumAggregator<>(accessor, serializer, operatorName);
            case MIN -> new ComparableAggregator<>(accessor, ComparableAggregator.Mode.MIN, true, serializer, operatorName);
            case MAX -> new ComparableAggregator<>(accessor, ComparableAggregator.Mode.MAX, true, serializer, operatorName);
        });
        for (int flat : FlatFields.of(type, field, operatorName)) {
            aggregatedFlatFields.add(flat);
        }
        return this;
    }

    public AggregateOperator<T> andSum(int field) {
        return and(Aggregations.SUM, field);
    }

    public AggregateOperator<T> andMin(int field) {
        return and(Aggregations.MIN, field);
    }

    public AggregateOperator<T> andMax(int field) {
        return and(Aggregations.MAX, field);
    }

    @Override
    protected Function function() {
        return new AggregationReducer<>(aggregators);
    }

    private SingleInputSemanticProperties unaggregatedFields(TypeInfo<T> inputType) {
        Map<Integer, Set<Integer>> forwarded = new TreeMap<>();
        for (int i = 0; i < inputType.getTotalFields(); i++) {
            if (!aggregatedFlatFields.contains(i)) {
                forwarded.put(i, Set.of(i));
            }
        }
        return new SingleInputSemanticProperties(forwarded);
    }
}
