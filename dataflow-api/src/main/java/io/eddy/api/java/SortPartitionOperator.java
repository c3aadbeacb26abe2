package io.eddy.api.java;

import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.common.operators.SortPartitionOperatorBase;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.Operations;
import io.eddy.api.java.Operator;
import io.eddy.api.java.PlanTranslator;

/** The result of {@code sortPartition(field, order)}: each partition sorted locally; more {@code sortPartition} calls add tie-breakers. */
public final class SortPartitionOperator<T> extends Operator<T> {

    private final DataSet<T> input;
    private Ordering ordering = Ordering.empty();

    /** Sorts by field {@code position} (when {@code field} is null) or by the field named {@code field}. */
    public SortPartitionOperator(DataSet<T> input, String field, int position, Order order) {
        super(input.getExecutionEnvironment(), "SortPartition", input.getType());
        this.input = input;
        append(field, position, order);
    }

    private void append(String field, int position, Order order) {
        String what = "sortPartition(" + (field != null ? field : String.valueOf(position)) + ") on '" + input.getName() + "'";
        ordering = Operations.appendOrder(ordering, input.getType(), field, position, order, what);
    }

    /** Adds field {@code position} as the next sort field. */
    public SortPartitionOperator<T> sortPartition(int position, Order order) {
        append(null, position, order);
        return this;
    }

    /** Adds the field named {@code field} as the next sort field. */
    public SortPartitionOperator<T> sortPartition(String field, Order order) {
        append(field, -1, order);
        return this;
    }

    public Ordering getOrdering() {
        return ordering;
    }

    /**
     * Combines the records of each partition locally, each call of {@code combiner} getting what fits
     * in memory sorted by this operator's order (as a MapReduce map task sorts and combines each
     * spill). No sorted partition is made first: the combiner sorts its buffer fills itself.
     */
    @Override
    public <R> SingleInputUdfOperator<T, R> combineGroup(GroupCombineFunction<T, R> combiner) {
        return Operations.combineGroup(input, null, ordering, combiner);
    }

    @Override
    LogicalOperator<T> translate(PlanTranslator translator) {
        // The input first: it must get the smaller id (ids are a topological order).
        PlanInput<T> in = translator.input(input);
        return new SortPartitionOperatorBase<>(translator.info(this, getType(), java.util.Map.of()), in, ordering);
    }
}
