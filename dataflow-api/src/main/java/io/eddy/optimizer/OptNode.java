package io.eddy.optimizer;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.SemanticProperties;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.KeySpec;
import io.eddy.jobgraph.OperatorKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A node of the optimizer DAG: one runtime operator (a {@link BatchKinds} or streaming kind, whose
 * parameters the passes choose) with its inputs as {@link Channel}s, parallelism and estimates.
 * Created by {@link DagBuilder} from a plan operator, or by a pass (a combiner). Ids are
 * topological: every channel's source has a smaller id than its consumer.
 *
 * <p>Mutable while the passes run, all on the compiling thread.
 */
final class OptNode {

    private int id;
    private final String name;
    private OperatorKind kind;
    private final LogicalOperator<?> origin;
    private final Function userFunction;
    private final TypeInfo<?> outputType;
    private final List<TypeInfo<?>> inputTypes;
    private final SemanticProperties semanticProperties;
    private final List<Channel> inputs = new ArrayList<>();
    private final List<Channel> broadcastInputs = new ArrayList<>();
    private List<String> broadcastNames = List.of();
    private double memoryFraction;
    private int parallelism;
    private Estimates estimates = Estimates.unknown();
    private GlobalProperties outputProperties = GlobalProperties.any();
    private Costs costs = Costs.ZERO;
    private boolean consumesMemory;

    OptNode(int id, String name, OperatorKind kind, LogicalOperator<?> origin, Function userFunction, TypeInfo<?> outputType,
            List<TypeInfo<?>> inputTypes, SemanticProperties semanticProperties) {
        this.id = id;
        this.name = name;
        this.kind = Objects.requireNonNull(kind, "kind");
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

    OperatorKind kind() {
        return kind;
    }

    /** Replaces the kind, as a pass chooses its parameters (a local strategy, the buffered input). */
    void setKind(OperatorKind kind) {
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    /** The grouping keys of a reduce or group reduce; null for one over its whole input, or another kind. */
    KeySpec groupingKeys() {
        if (kind instanceof BatchKinds.Reduce r) {
            return r.keys();
        }
        return kind instanceof BatchKinds.GroupReduce g ? g.keys() : null;
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

    /** The names of the broadcast variables, by index (the {@code targetInput} of their channels). */
    List<String> broadcastNames() {
        return broadcastNames;
    }

    void setBroadcastNames(List<String> names) {
        this.broadcastNames = List.copyOf(names);
    }

    /** The node's share of its slot's managed memory, 0 if it takes none. */
    double memoryFraction() {
        return memoryFraction;
    }

    void setMemoryFraction(double fraction) {
        this.memoryFraction = fraction;
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

    /** The node's local strategy, or null where its kind has none. */
    BatchKinds.LocalStrategy localStrategy() {
        if (kind instanceof BatchKinds.Join j) {
            return j.localStrategy();
        } else if (kind instanceof BatchKinds.GroupReduce g) {
            return g.localStrategy();
        } else if (kind instanceof BatchKinds.Reduce r) {
            return r.localStrategy();
        }
        return kind instanceof BatchKinds.ReduceCombine c ? c.localStrategy() : null;
    }

    @Override
    public String toString() {
        return "#" + id + " " + kind.name() + " '" + name + "' (p=" + parallelism + ") <- " + inputs;
    }
}
