package io.eddy.api.java;

import io.eddy.api.common.io.InputFormat;
import io.eddy.api.common.operators.GenericDataSourceBase;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.util.InstantiationUtil;

/** A data set read by an {@link InputFormat}: {@code fromElements}, {@code readTextFile}, {@code readCsvFile}, {@code createInput}, ... */
public final class DataSource<T> extends Operator<T> {

    private final InputFormat<T, ?> format;
    private final boolean nonParallel;

    /**
     * @param nonParallel whether the format must run in one subtask (a collection): its parallelism is 1 and cannot be raised
     * @throws IllegalArgumentException if the format is not serializable, naming the source
     */
    public DataSource(ExecutionEnvironment environment, InputFormat<T, ?> format, TypeInfo<T> type, String name, boolean nonParallel) {
        super(environment, name, java.util.Objects.requireNonNull(type, () -> "the type of source '" + name + "' is null"));
        this.format = java.util.Objects.requireNonNull(format, () -> "the input format of source '" + name + "' is null");
        InstantiationUtil.serialize(format, "the input format of source '" + name + "'");
        this.nonParallel = nonParallel;
        if (nonParallel) {
            super.setParallelism(1);
        }
    }

    public InputFormat<T, ?> getFormat() {
        return format;
    }

    @Override
    protected void checkSupportedParallelism(int newParallelism) {
        if (nonParallel && newParallelism != 1) {
            throw new IllegalArgumentException("parallelism of source '" + getName() + "': " + newParallelism
                    + " (expected: 1, because its input " + format.getClass().getSimpleName() + " cannot be split; rebalance() after the"
                    + " source to spread its records)");
        }
    }

    @Override
    public DataSource<T> name(String newName) {
        super.name(newName);
        return this;
    }

    @Override
    public DataSource<T> setParallelism(int newParallelism) {
        super.setParallelism(newParallelism);
        return this;
    }

    @Override
    LogicalOperator<T> translate(PlanTranslator translator) {
        return new GenericDataSourceBase<>(translator.info(this, getType(), java.util.Map.of()), format);
    }
}
