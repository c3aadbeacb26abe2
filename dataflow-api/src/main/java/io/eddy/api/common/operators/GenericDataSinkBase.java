package io.eddy.api.common.operators;

import io.eddy.api.common.io.OutputFormat;
import java.util.List;
import java.util.Objects;

/** A sink: writes its input's records with an {@link OutputFormat}. Has no output type. */
public final class GenericDataSinkBase<IN> extends LogicalOperator<Void> {

    private final PlanInput<IN> input;
    private final OutputFormat<IN> format;

    public GenericDataSinkBase(OperatorInfo<Void> info, PlanInput<IN> input, OutputFormat<IN> format) {
        super(info, null);
        this.input = Objects.requireNonNull(input, "input");
        this.format = Objects.requireNonNull(format, "format");
    }

    public PlanInput<IN> getInput() {
        return input;
    }

    public OutputFormat<IN> getFormat() {
        return format;
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.of(input.operator());
    }

    @Override
    protected String describeDetails() {
        return "format=" + format.getClass().getSimpleName() + " type=" + input.type();
    }
}
