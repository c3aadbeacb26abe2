package io.eddy.api.java;

import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.Union;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.Operator;
import io.eddy.api.java.PlanTranslator;
import java.util.ArrayList;
import java.util.List;

/** The union of data sets of one type ({@code a.union(b)}). */
public final class UnionOperator<T> extends Operator<T> {

    private final List<DataSet<T>> inputs;

    /** @throws IllegalArgumentException if the inputs differ in type or environment, naming both */
    public UnionOperator(DataSet<T> first, DataSet<T> second) {
        super(first.getExecutionEnvironment(), "Union", first.getType());
        java.util.Objects.requireNonNull(second, () -> "union on '" + first.getName() + "': the other data set is null");
        if (!first.getType().equals(second.getType())) {
            throw new IllegalArgumentException("union of '" + first.getName() + "' (type " + first.getType() + ") and '" + second.getName()
                    + "' (type " + second.getType() + "): union needs data sets of one type; map one of them to the other's type first");
        }
        if (first.getExecutionEnvironment() != second.getExecutionEnvironment()) {
            throw new IllegalArgumentException("union of '" + first.getName() + "' and '" + second.getName()
                    + "': they belong to different ExecutionEnvironments; build the program with one environment");
        }
        this.inputs = List.of(first, second);
    }

    @Override
    LogicalOperator<T> translate(PlanTranslator translator) {
        List<LogicalOperator<T>> translated = new ArrayList<>();
        for (DataSet<T> input : inputs) {
            translated.add(translator.translate(input));
        }
        return new Union<>(translator.info(this, getType(), java.util.Map.of()), translated);
    }
}
