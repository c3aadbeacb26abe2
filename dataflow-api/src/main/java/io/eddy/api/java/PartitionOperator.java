package io.eddy.api.java;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.Partitioner;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.PartitionMethod;
import io.eddy.api.common.operators.PartitionOperatorBase;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.Operator;

/** The result of {@code partitionByHash}, {@code partitionByRange}, {@code partitionCustom} or {@code rebalance}: the same records, redistributed. */
public final class PartitionOperator<T> extends Operator<T> {

    private final DataSet<T> input;
    private final PartitionMethod method;
    private final Keys keys;
    private final Partitioner<?> partitioner;
    private final KeySelector<T, ?> partitionKey;

    /** @param keys the partitioning key (null for {@link PartitionMethod#REBALANCE}) */
    public PartitionOperator(DataSet<T> input, PartitionMethod method, Keys keys) {
        super(input.getExecutionEnvironment(), name(method), input.getType());
        this.input = input;
        this.method = java.util.Objects.requireNonNull(method, "method");
        this.keys = keys;
        this.partitioner = null;
        this.partitionKey = null;
    }

    /** {@link PartitionMethod#CUSTOM}: {@code partitioner} over what {@code partitionKey} extracts from each record. */
    public <K> PartitionOperator(DataSet<T> input, Partitioner<K> partitioner, KeySelector<T, K> partitionKey) {
        super(input.getExecutionEnvironment(), name(PartitionMethod.CUSTOM), input.getType());
        this.input = input;
        this.method = PartitionMethod.CUSTOM;
        this.keys = null;
        this.partitioner = java.util.Objects.requireNonNull(partitioner, "partitionCustom: partitioner");
        this.partitionKey = java.util.Objects.requireNonNull(partitionKey, "partitionCustom: key selector");
    }

    private static String name(PartitionMethod method) {
        return switch (method) {
            case HASH -> "PartitionByHash";
            case RANGE -> "PartitionByRange";
            case REBALANCE -> "Rebalance";
            case CUSTOM -> "PartitionCustom";
        };
    }

    public PartitionMethod getPartitionMethod() {
        return method;
    }

    @Override
    LogicalOperator<T> translate(PlanTranslator translator) {
        PlanInput<T> in = translator.input(input).withKeys(keys);
        if (method == PartitionMethod.CUSTOM) {
            return new PartitionOperatorBase<>(translator.info(this, getType(), java.util.Map.of()), in, partitioner, partitionKey);
        }
        return new PartitionOperatorBase<>(translator.info(this, getType(), java.util.Map.of()), in, method);
    }
}
