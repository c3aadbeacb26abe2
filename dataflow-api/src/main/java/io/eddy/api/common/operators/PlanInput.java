package io.eddy.api.common.operators;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.Objects;

/**
 * One input of a logical operator: the operator it reads, the type of its records, and, where the
 * operator works on keys, the {@link Keys} over that type and the order within each group.
 *
 * @param operator the producing operator
 * @param type the record type (the producer's output type)
 * @param keys the key over {@code type}, or null if the operator uses none on this input
 * @param groupOrder the order of records within a group ({@code sortGroup}); without keys, the order
 *     of the records each call of the function sees ({@code sortPartition(..).combineGroup(..)}); or
 *     null for none
 */
public record PlanInput<T>(LogicalOperator<T> operator, TypeInfo<T> type, Keys keys, Ordering groupOrder) {

    public PlanInput {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(type, "type");
    }

    /** The input {@code operator} with its output type, no keys and no group order. */
    public static <T> PlanInput<T> of(LogicalOperator<T> operator) {
        return new PlanInput<>(operator, operator.getOutputType(), null, null);
    }

    public PlanInput<T> withKeys(Keys newKeys) {
        return new PlanInput<>(operator, type, newKeys, groupOrder);
    }

    public PlanInput<T> withGroupOrder(Ordering order) {
        return new PlanInput<>(operator, type, keys, order);
    }

    /** {@code #3 keys fields [0] -> flat [0]: String, group order [1 ASC]}. */
    @Override
    public String toString() {
        return "#" + operator.getId() + (keys == null ? "" : " keys " + keys) + (groupOrder == null ? "" : ", group order " + groupOrder);
    }
}
