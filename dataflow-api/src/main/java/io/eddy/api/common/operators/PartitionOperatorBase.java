package io.eddy.api.common.operators;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.functions.Partitioner;
import java.util.Objects;

/**
 * Redistributes records over the subtasks of the next operator: by hash or range of the input's
 * keys, round-robin, or by a user's partitioner. Records are not changed (the semantic properties are the identity).
 */
public final class PartitionOperatorBase<T> extends SingleInputOperator<T, T> {

    private final PartitionMethod method;
    /** {@link PartitionMethod#CUSTOM}: the user's partitioner and the selector of the key it is given; else null. */
    private final Partitioner<?> partitioner;
    private final KeySelector<T, ?> partitionKey;

    /** @param input with keys for {@link PartitionMethod#HASH} and {@link PartitionMethod#RANGE}, without for {@link PartitionMethod#REBALANCE} */
    public PartitionOperatorBase(OperatorInfo<T> info, PlanInput<T> input, PartitionMethod method) {
        this(info, input, method, null, null);
    }

    /** {@link PartitionMethod#CUSTOM}: {@code partitioner} over what {@code partitionKey} extracts; {@code input} without keys. */
    public PartitionOperatorBase(OperatorInfo<T> info, PlanInput<T> input, Partitioner<?> partitioner, KeySelector<T, ?> partitionKey) {
        this(info, input, PartitionMethod.CUSTOM, Objects.requireNonNull(partitioner, "partitioner"), Objects.requireNonNull(partitionKey, "partitionKey"));
    }

    private PartitionOperatorBase(OperatorInfo<T> info, PlanInput<T> input, PartitionMethod method, Partitioner<?> partitioner,
            KeySelector<T, ?> partitionKey) {
        super(info, null, input, SingleInputSemanticProperties.identity(input.type()));
        this.method = Objects.requireNonNull(method, "method");
        this.partitioner = partitioner;
        this.partitionKey = partitionKey;
        if ((method == PartitionMethod.CUSTOM) != (partitioner != null)) {
            throw new IllegalArgumentException("Bug: partitioning '" + info.name() + "' by " + method
                    + (partitioner == null ? " without a partitioner" : " with a partitioner"));
        }
        boolean keyed = method == PartitionMethod.HASH || method == PartitionMethod.RANGE;
        if (keyed != (input.keys() != null)) {
            throw new IllegalArgumentException("Bug: partitioning '" + info.name() + "' by " + method
                    + (input.keys() == null ? " without keys" : " with keys " + input.keys()));
        }
    }

    public PartitionMethod getPartitionMethod() {
        return method;
    }

    /** The user's partitioner of a {@link PartitionMethod#CUSTOM} partitioning, else null. */
    public Partitioner<?> getPartitioner() {
        return partitioner;
    }

    /** The selector of the key the {@link #getPartitioner() partitioner} gets, else null. */
    public KeySelector<T, ?> getPartitionKey() {
        return partitionKey;
    }

    @Override
    protected String describeOperation() {
        return "method=" + method;
    }
}
