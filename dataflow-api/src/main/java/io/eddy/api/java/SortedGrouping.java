package io.eddy.api.java;

import io.eddy.api.common.functions.GroupCombineFunction;
import io.eddy.api.common.functions.GroupReduceFunction;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.Order;
import io.eddy.api.common.operators.Ordering;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.Operations;
import io.eddy.api.java.SingleInputUdfOperator;

/** A grouped data set whose groups are sorted ({@code groupBy(...).sortGroup(...)}); more {@code sortGroup} calls add tie-breakers. */
public final class SortedGrouping<T> {

    private final DataSet<T> input;
    private final Keys keys;
    private final Ordering order;

    SortedGrouping(DataSet<T> input, Keys keys, Ordering order) {
        this.input = input;
        this.keys = keys;
        this.order = order;
    }

    public Keys getKeys() {
        return keys;
    }

    public Ordering getGroupOrder() {
        return order;
    }

    /** Adds field {@code position} as the next sort field. */
    public SortedGrouping<T> sortGroup(int position, Order direction) {
        return new SortedGrouping<>(input, keys, Operations.appendOrder(order, input.getType(), null, position, direction,
                "sortGroup(" + position + ") on '" + input.getName() + "'"));
    }

    /** Adds field {@code field} as the next sort field. */
    public SortedGrouping<T> sortGroup(String field, Order direction) {
        return new SortedGrouping<>(input, keys, Operations.appendOrder(order, input.getType(), field, -1, direction,
                "sortGroup(" + field + ") on '" + input.getName() + "'"));
    }

    /** Passes each sorted group whole to {@code function}. */
    public <R> SingleInputUdfOperator<T, R> reduceGroup(GroupReduceFunction<T, R> function) {
        return Operations.reduceGroup(input, keys, order, function);
    }

    /** Combines sorted parts of groups locally. */
    public <R> SingleInputUdfOperator<T, R> combineGroup(GroupCombineFunction<T, R> function) {
        return Operations.combineGroup(input, keys, order, function);
    }

    /** Per group, the first {@code n} records in the group order. */
    public SingleInputUdfOperator<T, T> first(int n) {
        return Operations.first(input, keys, order, n);
    }
}
