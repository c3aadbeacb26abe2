package io.eddy.api.common.state;

import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.Objects;

/**
 * Describes an {@link AggregatingState}: its name, aggregate function and accumulator type (the
 * state holds accumulators, so {@link #getTypeInfo()} is the accumulator's type).
 */
public class AggregatingStateDescriptor<IN, ACC, OUT> extends StateDescriptor<ACC> {

    private static final long serialVersionUID = 1L;

    private final AggregateFunction<IN, ACC, OUT> aggregateFunction;

    public AggregatingStateDescriptor(String name, AggregateFunction<IN, ACC, OUT> aggregateFunction, Class<ACC> accumulatorType) {
        this(name, aggregateFunction, TypeInfo.of(accumulatorType));
    }

    public AggregatingStateDescriptor(String name, AggregateFunction<IN, ACC, OUT> aggregateFunction, TypeInfo<ACC> accumulatorType) {
        super(name, accumulatorType);
        this.aggregateFunction = Objects.requireNonNull(aggregateFunction, "aggregateFunction");
    }

    public AggregateFunction<IN, ACC, OUT> getAggregateFunction() {
        return aggregateFunction;
    }
}
