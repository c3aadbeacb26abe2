package io.eddy.api.common.operators;

import java.util.Objects;

/**
 * Redistributes records over the subtasks of the next operator: by hash or range of the input's
 * keys, or round-robin. Records are not changed (the semantic properties are the identity).
 */
public final class PartitionOperatorBase<T> extends SingleInputOperator<T, T> {

    private final PartitionMethod method;

    /** @param input with keys for {@link PartitionMethod#HASH} and {@link PartitionMethod#RANGE}, without for {@link PartitionMethod#REBALANCE} */
    public PartitionOperatorBase(OperatorInfo<T> info, PlanInput<T> input, PartitionMethod method) {
        super(info, null, input, SingleInputSemanticProperties.identity(input.type()));
        this.method = Objects.requireNonNull(method, "method");
        if ((method == PartitionMethod.REBALANCE) != (input.keys() == null)) {
            throw new IllegalArgumentException("Bug: partitioning '" + info.name() + "' by " + method
                    + (input.keys() == null ? " without keys" : " with keys " + input.keys()));
        }
    }

    public PartitionMethod getPartitionMethod() {
        return method;
    }

    @Override
    protected String describeOperation() {
        return "method=" + method;
    }
}
