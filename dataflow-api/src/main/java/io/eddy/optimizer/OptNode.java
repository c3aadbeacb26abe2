package io.eddy.optimizer;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.SemanticProperties;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.BatchKinds;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A node of the optimizer DAG: one runtime operator (a {@link BatchKinds} or streaming kind) with
 * its inputs as {@link Channel}s, parallelism, estimates and the parameters the passes choose.
 * Created by {@link DagBuilder} from a plan operator, or by a pass (a combiner). Ids are
 * topological: every channel's source has a smaller id than its consumer.
 *
 * <p>Mutable while the passes run, all on the compiling thread.
 */
final class OptNode {

    private int id;
    private final String name;
    private final String kind;
    private final LogicalOperator<?> origin;
    private final Function userFunction;
    private final TypeInfo<?> outputType;
    private final List<TypeInfo<?>> inputTypes;
    private final SemanticProperties semanticProperties;
    private final List<Channel> inputs = new ArrayList<>();
    private final List<Channel> broadcastInputs = new ArrayList<>();
    private final Map<String, Serializable> params = new LinkedHashMap<>();
    private int parallelism;
    private Estimates estimates = Estimates.unknown();
    private GlobalProperties outputProperties = GlobalProperties.any();
    private Costs costs = Costs.ZERO;
    private boolean consumesMemory;

    OptNode(int id, String name, String kind, LogicalOperator<?> origin, Function userFunction, TypeInfo<?> outputType,
            List<TypeInfo<?>> inputTypes, SemanticProperties semanticProperties) {
        this.id = id;
        this.name = name;
        this.kind = kind;
        this.origin = origin;
        this.userFunction = userFunction;
        this.outputType = outputType;
        this.inputTypes = List.copyOf(inputTypes);
        this.semanticProperties = semanticProperties;
    }

    int id() {
        return id;
    }

    /** Renumbers the node once passes inserted nodes ({@link Dag#renumber()}). */
    void setId(int id) {
        this.id = id;
    }

    String name() {
        return name;
    }

    String kind() {
        return kind;
    }

    /** The plan operator this node runs, or null for a node a pass inserted. */
    LogicalOperator<?> origin() {
        return origin;
    }

    Function userFunction() {
        return userFunction;
    }

    TypeInfo<?> outputType() {
        return outputType;
    }

    List<TypeInfo<?>> inputTypes() {
        return inputTypes;
    }

    /** The forwarded fields, or null where nothing is forwarded (a source, a sink). */
    SemanticProperties semanticProperties() {
        return semanticProperties;
    }

    /** Regular input channels (several per logical input after a union), in input order. */
    List<Channel> inputs() {
        return inputs;
    }

    /** The channels of logical input {@code input}. */
    List<Channel> inputs(int input) {
        return inputs.stream().filter(c -> c.targetInput() == input).toList();
    }

    List<Channel> broadcastInputs() {
        return broadcastInputs;
    }

    Map<String, Serializable> params() {
        return params;
    }

    int parallelism() {
        return parallelism;
    }

    void setParallelism(int parallelism) {
        this.parallelism = parallelism;
    }

    Estimates estimates() {
        return estimates;
    }

    void setEstimates(Estimates estimates) {
        this.estimates = estimates;
    }

    GlobalProperties outputProperties() {
        return outputProperties;
    }

    void setOutputProperties(GlobalProperties properties) {
        this.outputProperties = properties;
    }

    /** The costs of this node's chosen strategies (not including its inputs'). */
    Costs costs() {
        return costs;
    }

    void setCosts(Costs costs) {
        this.costs = costs;
    }

    /** Whether the node sorts, hashes or buffers in managed memory (it gets a memory fraction). */
    boolean consumesMemory() {
        return consumesMemory;
    }

    void setConsumesMemory(boolean consumesMemory) {
        this.consumesMemory = consumesMemory;
    }

    /** The node's local strategy, or null where it has none. */
    BatchKinds.LocalStrategy localStrategy() {
        return (BatchKinds.LocalStrategy) params.get(BatchKinds.PARAM_LOCAL_STRATEGY);
    }

    @Override
    public String toString() {
        return "#" + id + " " + kind + " '" + name + "' (p=" + parallelism + ") <- " + inputs;
    }
}
