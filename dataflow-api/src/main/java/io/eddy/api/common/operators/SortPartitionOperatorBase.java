package io.eddy.api.common.operators;

import java.util.Objects;

/** Sorts each parallel partition locally by an {@link Ordering}; records are not changed or moved. */
public final class SortPartitionOperatorBase<T> extends SingleInputOperator<T, T> {

    private final Ordering ordering;

    public SortPartitionOperatorBase(OperatorInfo<T> info, PlanInput<T> input, Ordering ordering) {
        super(info, null, input, SingleInputSemanticProperties.identity(input.type()));
        this.ordering = Objects.requireNonNull(ordering, "ordering");
        if (ordering.isEmpty()) {
            throw new IllegalArgumentException("Bug: sortPartition '" + info.name() + "' without sort fields");
        }
    }

    public Ordering getOrdering() {
        return ordering;
    }

    @Override
    protected String describeOperation() {
        return "ordering=" + ordering;
    }
}
