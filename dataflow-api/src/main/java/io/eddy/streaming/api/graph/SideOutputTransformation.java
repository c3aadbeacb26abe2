package io.eddy.streaming.api.graph;

import io.eddy.streaming.api.OutputTag;
import java.util.List;
import java.util.Objects;

/** A virtual node selecting the side output {@code tag} of an operator: the edges it produces carry the tag's id. */
public final class SideOutputTransformation<T> extends Transformation<T> {

    private final OperatorTransformation<?> input;
    private final OutputTag<T> tag;

    public SideOutputTransformation(OperatorTransformation<?> input, OutputTag<T> tag) {
        super("SideOutput(" + tag.getId() + ")", tag.getTypeInfo());
        this.input = Objects.requireNonNull(input, "input");
        this.tag = tag;
        input.registerSideOutput(tag);
    }

    public OutputTag<T> getTag() {
        return tag;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of(input);
    }
}
