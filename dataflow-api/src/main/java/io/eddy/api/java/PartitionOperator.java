package io.eddy.api.java;

import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.PartitionMethod;
import io.eddy.api.common.operators.PartitionOperatorBase;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.Operator;

/** The result of {@code partitionByHash}, {@code partitionByRange} or {@code rebalance}: the same records, redistributed. */
public final class PartitionOperator<T> extends Operator<T> {

    private final DataSet<T> input;
    private final PartitionMethod method;
    private final Keys keys;

    /** @param keys the partitioning key (null for {@link PartitionMethod#REBALANCE}) */
    public PartitionOperator(DataSet<T> input, PartitionMethod method, Keys keys) {
        super(input.getExecutionEnvironment(), name(method), input.getType());
        this.input = input;
        this.method = java.util.Objects.requireNonNull(method, "method");
        this.keys = keys;
    }

    private static String name(PartitionMethod method) {
        return switch (method) {
            case HASH -> "PartitionByHash";
            case RANGE -> "PartitionByRange";
            case REBALANCE -> "Rebalance";
        };
    }

    public PartitionMethod getPartitionMethod() {
        return method;
    }

    @Override
    LogicalOperator<T> translate(PlanTranslator translator) {
        PlanInput<T> in = translator.input(input).withKeys(keys);
        return new PartitionOperatorBase<>(translator.info(this, getType(), java.util.Map.of()), in, method);
    }
}
