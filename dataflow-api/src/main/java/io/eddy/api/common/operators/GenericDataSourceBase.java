package io.eddy.api.common.operators;

import io.eddy.api.common.io.InputFormat;
import java.util.List;
import java.util.Objects;

/**
 * A source: reads records with an {@link InputFormat} (which also gives size statistics for the
 * optimizer, in addition to the compiler hints).
 */
public final class GenericDataSourceBase<OUT> extends LogicalOperator<OUT> {

    private final InputFormat<OUT, ?> format;

    public GenericDataSourceBase(OperatorInfo<OUT> info, InputFormat<OUT, ?> format) {
        super(info, null);
        this.format = Objects.requireNonNull(format, "format");
        Objects.requireNonNull(info.outputType(), () -> "Bug: source '" + info.name() + "' without output type");
    }

    public InputFormat<OUT, ?> getFormat() {
        return format;
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.of();
    }

    @Override
    protected String describeDetails() {
        return "format=" + format.getClass().getSimpleName() + " type=" + getOutputType();
    }
}
