package io.eddy.api.common.operators;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A logical operator with one input: its {@link PlanInput} (producer, type, keys, group order)
 * and the fields its function forwards unchanged.
 */
public abstract class SingleInputOperator<IN, OUT> extends LogicalOperator<OUT> {

    private final PlanInput<IN> input;
    private final SingleInputSemanticProperties semanticProperties;

    protected SingleInputOperator(OperatorInfo<OUT> info, Function function, PlanInput<IN> input,
            SingleInputSemanticProperties semanticProperties) {
        super(info, function);
        this.input = Objects.requireNonNull(input, "input");
        this.semanticProperties = Objects.requireNonNull(semanticProperties, "semanticProperties");
    }

    public PlanInput<IN> getInput() {
        return input;
    }

    public TypeInfo<IN> getInputType() {
        return input.type();
    }

    /** The key over the input, or null if the operator uses none (a full reduce, a map). */
    public Keys getKeys() {
        return input.keys();
    }

    /** The order within each group, or null. */
    public Ordering getGroupOrder() {
        return input.groupOrder();
    }

    public SingleInputSemanticProperties getSemanticProperties() {
        return semanticProperties;
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.of(input.operator());
    }

    @Override
    protected String describeDetails() {
        List<String> parts = new ArrayList<>();
        if (input.keys() != null) {
            parts.add("keys=" + input.keys());
        }
        if (input.groupOrder() != null) {
            parts.add("groupOrder=" + input.groupOrder());
        }
        if (!semanticProperties.isEmpty()) {
            parts.add("forwarded=" + semanticProperties);
        }
        String extra = describeOperation();
        if (!extra.isEmpty()) {
            parts.add(extra);
        }
        return String.join(" ", parts);
    }

    /** Details of the operation itself (a partition method, an ordering); empty by default. */
    protected String describeOperation() {
        return "";
    }
}
