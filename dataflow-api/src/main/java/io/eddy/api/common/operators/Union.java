package io.eddy.api.common.operators;

import java.util.List;

/**
 * All records of two or more inputs of one type, in no particular order; no function, nothing
 * changed (each input's fields are forwarded to the same fields).
 */
public final class Union<T> extends LogicalOperator<T> {

    private final List<LogicalOperator<T>> inputs;

    /** @param inputs two or more inputs, all with the output type of {@code info} */
    public Union(OperatorInfo<T> info, List<LogicalOperator<T>> inputs) {
        super(info, null);
        this.inputs = List.copyOf(inputs);
        if (this.inputs.size() < 2) {
            throw new IllegalArgumentException("Bug: union '" + info.name() + "' of " + this.inputs.size() + " inputs (expected: >= 2)");
        }
        for (LogicalOperator<T> input : this.inputs) {
            if (!input.getOutputType().equals(info.outputType())) {
                throw new IllegalArgumentException("Bug: union '" + info.name() + "' of type " + info.outputType() + " has input '"
                        + input.getName() + "' of type " + input.getOutputType());
            }
        }
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.copyOf(inputs);
    }

    /** The inputs with their type. */
    public List<LogicalOperator<T>> getUnionInputs() {
        return inputs;
    }

    @Override
    protected String describeDetails() {
        return "";
    }
}
