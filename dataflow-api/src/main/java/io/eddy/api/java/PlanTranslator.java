package io.eddy.api.java;

import io.eddy.api.common.operators.GenericDataSinkBase;
import io.eddy.api.common.operators.IterationPlaceholder;
import io.eddy.api.common.operators.IterationRules;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.operators.Plan;
import io.eddy.api.common.operators.PlanInput;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a complete program (its sinks and everything they read) into a {@link Plan}. Each
 * {@link Operator} becomes one {@link LogicalOperator}, once, however many operators read it, so
 * shared sub-DAGs stay shared. Ids are given in translation order, inputs (also broadcast inputs)
 * before the operators reading them. Used once per plan, on the program's thread.
 */
public final class PlanTranslator {

    private final Map<DataSet<?>, LogicalOperator<?>> translated = new IdentityHashMap<>();
    /** The data sets being translated, the innermost first: who reads what is translated now, for messages. */
    private final Deque<DataSet<?>> readers = new ArrayDeque<>();
    private int nextId = 1;

    private PlanTranslator() {
    }

    /**
     * The plan of {@code sinks}.
     *
     * @throws IllegalStateException if there are no sinks (the message says how to add one)
     * @throws io.eddy.api.common.typeutils.InvalidTypesException if an operator's type cannot be determined, naming it
     */
    public static Plan createPlan(String jobName, List<DataSink<?>> sinks, int defaultParallelism, SerializerConfig config) {
        if (sinks.isEmpty()) {
            throw new IllegalStateException("The program '" + jobName + "' has no sinks, so there is nothing to run: add a sink to the"
                    + " data sets to compute, e.g. writeAsText(path), writeAsCsv(path) or output(outputFormat)");
        }
        PlanTranslator translator = new PlanTranslator();
        List<GenericDataSinkBase<?>> plannedSinks = new ArrayList<>();
        for (DataSink<?> sink : sinks) {
            plannedSinks.add(sink.translate(translator));
        }
        Plan plan = new Plan(jobName, plannedSinks, defaultParallelism, config);
        IterationRules.check(plan);
        return plan;
    }

    /** The logical operator of {@code dataSet}, translated once. */
    @SuppressWarnings("unchecked")
    <T> LogicalOperator<T> translate(DataSet<T> dataSet) {
        LogicalOperator<?> done = translated.get(dataSet);
        if (done != null) {
            return (LogicalOperator<T>) done;
        }
        if (!(dataSet instanceof Operator<T> operator)) {
            throw new IllegalStateException("Bug: data set " + dataSet + " is not an Operator");
        }
        readers.push(dataSet);
        LogicalOperator<T> result;
        try {
            result = operator.translate(this);
        } finally {
            readers.pop();
        }
        translated.put(dataSet, result);
        return result;
    }

    /**
     * The placeholder that the loop body reads in place of {@code dataSet} (an iteration's partial
     * solution, workset or solution set): registered as {@code dataSet}'s translation before the
     * body is translated, so the body's reads of {@code dataSet} find it.
     */
    <T> IterationPlaceholder<T> placeholder(DataSet<T> dataSet, IterationPlaceholder.Role role, String iterationName, TypeInfo<T> type,
            int parallelism) {
        String name = role == IterationPlaceholder.Role.PARTIAL_SOLUTION ? "Partial Solution"
                : role == IterationPlaceholder.Role.WORKSET ? "Workset" : "Solution Set";
        IterationPlaceholder<T> placeholder = new IterationPlaceholder<>(OperatorInfo.of(nextId++, name, type).withParallelism(parallelism),
                role, iterationName);
        translated.put(dataSet, placeholder);
        return placeholder;
    }

    /** {@code 'Map' (read by 'Sink')}: the data set whose input is translated now, and its readers, for messages. */
    String readers() {
        List<String> names = new ArrayList<>();
        boolean first = true;
        for (DataSet<?> reader : readers) {
            if (first) {
                first = false;
                continue;
            }
            names.add("'" + reader.getName() + "'");
        }
        if (names.isEmpty()) {
            return "a sink";
        }
        return names.size() == 1 ? names.get(0) : names.get(0) + " (read by " + String.join(" <- ", names.subList(1, names.size())) + ")";
    }

    /** The input {@code dataSet} without keys. */
    <T> PlanInput<T> input(DataSet<T> dataSet) {
        return PlanInput.of(translate(dataSet));
    }

    /** The info of {@code operator} with output type {@code type}: call after translating its inputs, so they get smaller ids. */
    <T> OperatorInfo<T> info(Operator<T> operator, TypeInfo<T> type, Map<String, DataSet<?>> broadcastSets) {
        Map<String, LogicalOperator<?>> broadcast = new LinkedHashMap<>();
        broadcastSets.forEach((name, set) -> broadcast.put(name, translate(set)));
        return OperatorInfo.of(nextId++, operator.getName(), type)
                .withParallelism(operator.getParallelism())
                .withHints(operator.getCompilerHints())
                .withBroadcastInputs(broadcast);
    }

    /** The info of a sink: call after translating its input. */
    OperatorInfo<Void> sinkInfo(String name, int parallelism) {
        return OperatorInfo.<Void>of(nextId++, name, null).withParallelism(parallelism);
    }
}
