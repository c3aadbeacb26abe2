package io.eddy.api.common.operators;

import io.eddy.api.common.functions.Function;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A logical operator with two inputs (join, coGroup, cross), each with its keys and group order. */
public abstract class DualInputOperator<IN1, IN2, OUT> extends LogicalOperator<OUT> {

    private final DualInputs<IN1, IN2> inputs;

    protected DualInputOperator(OperatorInfo<OUT> info, Function function, DualInputs<IN1, IN2> inputs) {
        super(info, function);
        this.inputs = Objects.requireNonNull(inputs, "inputs");
    }

    public PlanInput<IN1> getFirstInput() {
        return inputs.first();
    }

    public PlanInput<IN2> getSecondInput() {
        return inputs.second();
    }

    /** The key over the first input, or null (cross). */
    public Keys getKeys1() {
        return inputs.first().keys();
    }

    /** The key over the second input, or null (cross). */
    public Keys getKeys2() {
        return inputs.second().keys();
    }

    public DualInputSemanticProperties getSemanticProperties() {
        return inputs.semanticProperties();
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.of(inputs.first().operator(), inputs.second().operator());
    }

    @Override
    protected String describeDetails() {
        List<String> parts = new ArrayList<>();
        if (getKeys1() != null) {
            parts.add("keys1=" + getKeys1());
            parts.add("keys2=" + getKeys2());
        }
        if (inputs.first().groupOrder() != null) {
            parts.add("groupOrder1=" + inputs.first().groupOrder());
        }
        if (inputs.second().groupOrder() != null) {
            parts.add("groupOrder2=" + inputs.second().groupOrder());
        }
        DualInputSemanticProperties props = getSemanticProperties();
        if (!props.getForwardedFields(0).isEmpty() || !props.getForwardedFields(1).isEmpty()) {
            parts.add("forwarded=" + props);
        }
        String extra = describeOperation();
        if (!extra.isEmpty()) {
            parts.add(extra);
        }
        return String.join(" ", parts);
    }

    /** Details of the operation itself (join type and hint, cross hint); empty by default. */
    protected String describeOperation() {
        return "";
    }
}
