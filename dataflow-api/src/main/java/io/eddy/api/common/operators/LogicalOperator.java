package io.eddy.api.common.operators;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.List;
import java.util.Map;

/**
 * A node of the logical plan ({@link Plan}): what a {@code DataSet} call becomes once the program
 * is complete. The optimizer reads only these classes. Every node has an {@link OperatorInfo}
 * (id, name, parallelism, output type, compiler hints, broadcast inputs) and, where the program
 * gave one, a user function; the subclasses add their inputs and what their operation needs
 * (keys, orders, join type, ...).
 *
 * <p>Immutable once created; a node read by several others is one object (sub-DAGs are shared).
 *
 * @param <OUT> the type of the records produced
 */
public abstract class LogicalOperator<OUT> {

    private final OperatorInfo<OUT> info;
    private final Function userFunction;

    /** @param userFunction the function run on the records, or null where there is none (source, sink, union, partitioning) */
    protected LogicalOperator(OperatorInfo<OUT> info, Function userFunction) {
        this.info = java.util.Objects.requireNonNull(info, "info");
        this.userFunction = userFunction;
    }

    /** The id, unique in the plan; inputs have smaller ids than the operators reading them. */
    public int getId() {
        return info.id();
    }

    public String getName() {
        return info.name();
    }

    /** The parallelism, or {@link OperatorInfo#DEFAULT_PARALLELISM} for the plan's default. */
    public int getParallelism() {
        return info.parallelism();
    }

    /** The output type; null for a sink. */
    public TypeInfo<OUT> getOutputType() {
        return info.outputType();
    }

    public CompilerHints getCompilerHints() {
        return info.hints();
    }

    /** The inputs whose whole result every subtask receives, by the name the function reads them under. */
    public Map<String, LogicalOperator<?>> getBroadcastInputs() {
        return info.broadcastInputs();
    }

    /** The user function, or null. */
    public Function getUserFunction() {
        return userFunction;
    }

    public OperatorInfo<OUT> getInfo() {
        return info;
    }

    /** The regular inputs (not broadcast inputs), in input order. */
    public abstract List<LogicalOperator<?>> getInputs();

    /** What this node adds to the common description, e.g. {@code "keys=..."}; empty for none. */
    protected abstract String describeDetails();

    /** {@code Reduce#4 'Sum' (p=2) <- [#3] keys=... }: kind, id, name, parallelism, inputs, details. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(getClass().getSimpleName().replace("OperatorBase", "").replace("Base", ""));
        sb.append('#').append(getId()).append(" '").append(getName()).append('\'');
        if (getParallelism() != OperatorInfo.DEFAULT_PARALLELISM) {
            sb.append(" (p=").append(getParallelism()).append(')');
        }
        List<LogicalOperator<?>> inputs = getInputs();
        if (!inputs.isEmpty()) {
            sb.append(" <- ").append(inputs.stream().map(i -> "#" + i.getId()).toList());
        }
        String details = describeDetails();
        if (!details.isEmpty()) {
            sb.append(' ').append(details);
        }
        if (!getBroadcastInputs().isEmpty()) {
            sb.append(" broadcast=");
            getBroadcastInputs().forEach((name, op) -> sb.append(name).append(":#").append(op.getId()).append(' '));
        }
        if (!getCompilerHints().isEmpty()) {
            sb.append(" hints=").append(getCompilerHints());
        }
        return sb.toString().trim();
    }
}
