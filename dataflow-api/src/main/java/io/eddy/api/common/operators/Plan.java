package io.eddy.api.common.operators;

import io.eddy.api.common.typeutils.SerializerConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A batch program as a DAG of {@link LogicalOperator}s, reached from its sinks: what {@code
 * ExecutionEnvironment.createProgramPlan} returns and what the optimizer compiles. An operator
 * read by several others is one node (shared sub-DAGs stay shared). Immutable.
 */
public final class Plan {

    private final String jobName;
    private final List<GenericDataSinkBase<?>> sinks;
    private final int defaultParallelism;
    private final SerializerConfig serializerConfig;

    /**
     * @param sinks at least one sink
     * @param defaultParallelism the parallelism of operators that set none (>= 1)
     * @param serializerConfig the serializer settings of the job (Kryo registrations)
     */
    public Plan(String jobName, List<GenericDataSinkBase<?>> sinks, int defaultParallelism, SerializerConfig serializerConfig) {
        this.jobName = Objects.requireNonNull(jobName, "jobName");
        this.sinks = List.copyOf(sinks);
        this.serializerConfig = Objects.requireNonNull(serializerConfig, "serializerConfig");
        if (this.sinks.isEmpty()) {
            throw new IllegalArgumentException("Plan '" + jobName + "' has no sinks (expected: at least one)");
        }
        if (defaultParallelism < 1) {
            throw new IllegalArgumentException("Plan '" + jobName + "': default parallelism " + defaultParallelism + " (expected: >= 1)");
        }
        this.defaultParallelism = defaultParallelism;
    }

    public String getJobName() {
        return jobName;
    }

    public List<GenericDataSinkBase<?>> getDataSinks() {
        return sinks;
    }

    public int getDefaultParallelism() {
        return defaultParallelism;
    }

    public SerializerConfig getSerializerConfig() {
        return serializerConfig;
    }

    /** Walks the DAG from the sinks, each operator once; regular inputs first, then broadcast inputs (by name order of insertion). */
    public void accept(PlanVisitor visitor) {
        Set<LogicalOperator<?>> visited = Collections.newSetFromMap(new IdentityHashMap<>());
        for (GenericDataSinkBase<?> sink : sinks) {
            visit(sink, visitor, visited);
        }
    }

    private static void visit(LogicalOperator<?> operator, PlanVisitor visitor, Set<LogicalOperator<?>> visited) {
        if (!visited.add(operator)) {
            return;
        }
        if (visitor.preVisit(operator)) {
            for (LogicalOperator<?> input : operator.getInputs()) {
                visit(input, visitor, visited);
            }
            for (LogicalOperator<?> input : operator.getBroadcastInputs().values()) {
                visit(input, visitor, visited);
            }
        }
        visitor.postVisit(operator);
    }

    /** All operators, each once, inputs before the operators that read them (sorted by id). */
    public List<LogicalOperator<?>> getOperators() {
        List<LogicalOperator<?>> all = new ArrayList<>();
        accept(new PlanVisitor() {
            @Override
            public boolean preVisit(LogicalOperator<?> operator) {
                return true;
            }

            @Override
            public void postVisit(LogicalOperator<?> operator) {
                all.add(operator);
            }
        });
        all.sort((a, b) -> Integer.compare(a.getId(), b.getId()));
        return all;
    }

    /** The plan, one operator per line, inputs first. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Plan '").append(jobName).append("' (default parallelism ").append(defaultParallelism)
                .append(")\n");
        for (LogicalOperator<?> operator : getOperators()) {
            sb.append("  ").append(operator).append('\n');
        }
        return sb.toString();
    }
}
