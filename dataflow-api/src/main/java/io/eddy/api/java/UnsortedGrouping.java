package io.eddy.api.java;

import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.java.AggregateOperator;
import io.eddy.api.java.Aggregations;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.Operations;
import io.eddy.api.java.SingleInputUdfOperator;
import io.eddy.api.java.SortedGrouping;
import java.util.Objects;

/**
 * A data set grouped by a key ({@code groupBy(...)}): the operations on it work per group of
 * records with equal keys. {@link #sortGroup} orders the records within each group.
 */
public final class UnsortedGrouping<T> {

    private final DataSet<T> input;
    private final Keys keys;

    /** @param keys the grouping key over {@code input}'s type */
    public UnsortedGrouping(DataSet<T> input, Keys keys) {
        this.input = Objects.requireNonNull(input, "input");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    public DataSet<T> getInput() {
        return input;
    }

    public Keys getKeys() {
        return keys;
    }

    /** Combines the records of each group pairwise into one. */
    public SingleInputUdfOperator<T, T> reduce(ReduceFunction<T> function) {
        return Operations.reduce(input, keys, function);
    }

    /** Passes each group whole to {@code function}. */
    public <R> SingleInputUdfOperator<T, R> reduceGroup(GroupReduceFunction<T, R> function) {
        return Operations.reduceGroup(input, keys, null, function);
    }

    /** Combines parts of groups locally, before or without a shuffle. */
    public <R> SingleInputUdfOperator<T, R> combineGroup(GroupCombineFunction<T, R> function) {
        return Operations.combineGroup(input, keys, null, function);
    }

    /** Aggregates {@code field} per group; {@code and(...)} adds more fields. */
    public AggregateOperator<T> aggregate(Aggregations aggregation, int field) {
        return Operations.aggregate(input, keys, aggregation, field);
    }

    public AggregateOperator<T> sum(int field) {
        return aggregate(Aggregations.SUM, field);
    }

    public AggregateOperator<T> min(int field) {
        return aggregate(Aggregations.MIN, field);
    }

    public AggregateOperator<T> max(int field) {
        return aggregate(Aggregations.MAX, field);
    }

    /** Per group, the record with the smallest values of {@code fields} (compared in order). */
    public SingleInputUdfOperator<T, T> minBy(int... fields) {
        return Operations.selectBy(input, keys, false, fields);
    }

    /** Per group, the record with the largest values of {@code fields} (compared in order). */
    public SingleInputUdfOperator<T, T> maxBy(int... fields) {
        return Operations.selectBy(input, keys, true, fields);
    }

    /** Per group, the first {@code n} records (in no particular order; sort the group first for a defined one). */
    public SingleInputUdfOperator<T, T> first(int n) {
        return Operations.first(input, keys, null, n);
    }

    /** Sorts each group by field {@code position}. */
    public SortedGrouping<T> sortGroup(int position, Order order) {
        return new SortedGrouping<>(input, keys, Operations.appendOrder(Ordering.empty(), input.getType(), null, position, order,
                "sortGroup(" + position + ") on '" + input.getName() + "'"));
    }

    /** Sorts each group by field {@code field} (a name, dotted for nested fields, or {@code "*"}). */
    public SortedGrouping<T> sortGroup(String field, Order order) {
        return new SortedGrouping<>(input, keys, Operations.appendOrder(Ordering.empty(), input.getType(), field, -1, order,
                "sortGroup(" + field + ") on '" + input.getName() + "'"));
    }
}
