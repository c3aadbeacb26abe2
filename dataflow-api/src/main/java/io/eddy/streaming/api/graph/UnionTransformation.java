package io.eddy.streaming.api.graph;

import java.util.List;

/** A virtual node merging streams of one type: the next operator gets one input edge per union member. */
public final class UnionTransformation<T> extends Transformation<T> {

    private final List<Transformation<?>> inputs;

    public UnionTransformation(List<Transformation<T>> inputs) {
        super("Union", inputs.get(0).getOutputType());
        this.inputs = List.copyOf(inputs);
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return inputs;
    }
}
