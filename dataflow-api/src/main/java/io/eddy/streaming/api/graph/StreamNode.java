package io.eddy.streaming.api.graph;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.translation.ChainingStrategy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An operator of the {@link StreamGraph} with its resolved parallelism and its edges. Ids are
 * assigned in creation order, which is a topological order (an operator is added after its inputs).
 */
public final class StreamNode {

    private final int id;
    private final OperatorTransformation<?> operator;
    private final int parallelism;
    private final int maxParallelism;
    private String uid;
    private final List<StreamEdge> inEdges = new ArrayList<>();
    private final List<StreamEdge> outEdges = new ArrayList<>();

    StreamNode(int id, OperatorTransformation<?> operator, int parallelism, int maxParallelism) {
        this.id = id;
        this.operator = operator;
        this.parallelism = parallelism;
        this.maxParallelism = maxParallelism;
    }

    public int getId() {
        return id;
    }

    public String getName() {
        return operator.getName();
    }

    /** The name with the role prefix used in vertex names: {@code "Source: "} or {@code "Sink: "}. */
    public String getDisplayName() {
        if (operator.isSource()) {
            return "Source: " + getName();
        }
        return operator.isSink() ? "Sink: " + getName() : getName();
    }

    /** The user-given uid, or null. */
    public String getUserUid() {
        return operator.getUid();
    }

    /** The stable uid: the user's, or one derived from the node's position in the graph. */
    public String getUid() {
        return uid;
    }

    void setUid(String uid) {
        this.uid = uid;
    }

    public OperatorKind getKind() {
        return operator.getKind();
    }

    public Function getUserFunction() {
        return operator.getUserFunction();
    }

    public int getParallelism() {
        return parallelism;
    }

    public int getMaxParallelism() {
        return maxParallelism;
    }

    public ChainingStrategy getChainingStrategy() {
        return operator.getChainingStrategy();
    }

    public boolean isSource() {
        return operator.isSource();
    }

    public boolean isSink() {
        return operator.isSink();
    }

    public List<StreamEdge> getInEdges() {
        return Collections.unmodifiableList(inEdges);
    }

    public List<StreamEdge> getOutEdges() {
        return Collections.unmodifiableList(outEdges);
    }

    void addInEdge(StreamEdge edge) {
        inEdges.add(edge);
    }

    void addOutEdge(StreamEdge edge) {
        outEdges.add(edge);
    }

    /** The output type, or null for a sink or a loop's tail. */
    public TypeInfo<?> getOutputType() {
        return operator.hasOutput() ? operator.getOutputType() : null;
    }

    /**
     * The descriptor the runtime instantiates the operator from, following the conventions of
     * {@link OperatorKinds}: the kind with its parameters, the user function, key selectors and key
     * type of keyed operators, one input type per logical input, and the output type (null for sinks).
     */
    public OperatorDescriptor toDescriptor() {
        OperatorDescriptor.Builder builder = OperatorDescriptor.builder(getKind()).userFunction(getUserFunction());
        for (KeySelector<?, ?> selector : operator.getKeySelectors()) {
            builder.keySelector(selector);
        }
        builder.keyType(operator.getKeyType());
        for (Transformation<?> input : operator.getInputs()) {
            builder.inputType(input.getOutputType());
        }
        builder.outputType(getOutputType());
        return builder.build();
    }

    @Override
    public String toString() {
        return "StreamNode{" + id + " " + getDisplayName() + " (" + getKind().name() + "), parallelism " + parallelism + "}";
    }
}
