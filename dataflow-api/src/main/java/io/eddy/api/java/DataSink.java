package io.eddy.api.java;

import io.eddy.api.common.io.OutputFormat;
import io.eddy.api.common.operators.GenericDataSinkBase;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.java.DataSet;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.KeyGroups;
import java.util.Objects;

/**
 * A sink of a program: writes a data set with an {@link OutputFormat}. Created by {@code
 * writeAsText}, {@code writeAsCsv} or {@code output}, which register it with the environment; the
 * plan is everything the sinks read.
 */
public final class DataSink<T> {

    private final DataSet<T> input;
    private final OutputFormat<T> format;
    private String name;
    private int parallelism = OperatorInfo.DEFAULT_PARALLELISM;

    /** @throws IllegalArgumentException if the format is not serializable, naming the sink */
    public DataSink(DataSet<T> input, OutputFormat<T> format, String name) {
        this.input = Objects.requireNonNull(input, "input");
        this.format = Objects.requireNonNull(format, () -> "the output format of sink '" + name + "' is null");
        this.name = Objects.requireNonNull(name, "name");
        InstantiationUtil.serialize(format, "the output format of sink '" + name + "'");
    }

    public DataSink<T> name(String newName) {
        if (newName == null || newName.isBlank()) {
            throw new IllegalArgumentException("name of sink '" + name + "': '" + newName + "' (expected: a non-empty name)");
        }
        this.name = newName;
        return this;
    }

    public String getName() {
        return name;
    }

    public DataSink<T> setParallelism(int newParallelism) {
        if (newParallelism < 1 || newParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
            throw new IllegalArgumentException("parallelism of sink '" + name + "': " + newParallelism + " (expected: between 1 and "
                    + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
        }
        this.parallelism = newParallelism;
        return this;
    }

    public int getParallelism() {
        return parallelism;
    }

    public DataSet<T> getInput() {
        return input;
    }

    public OutputFormat<T> getFormat() {
        return format;
    }

    GenericDataSinkBase<T> translate(PlanTranslator translator) {
        PlanInput<T> in = translator.input(input);
        return new GenericDataSinkBase<>(translator.sinkInfo(name, parallelism), in, format);
    }

    @Override
    public String toString() {
        return "DataSink{name='" + name + "'}";
    }
}
