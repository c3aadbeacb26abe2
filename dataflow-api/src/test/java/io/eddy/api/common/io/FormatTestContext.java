package io.eddy.api.common.io;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.accumulators.IntCounter;
import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/** A runtime context for format tests: an operator name, an attempt number and real accumulators; no state. */
public final class FormatTestContext implements RuntimeContext {

    private final String operatorName;
    private final int attempt;
    private final Map<String, Accumulator<?, ?>> accumulators = new HashMap<>();

    public FormatTestContext(String operatorName, int attempt) {
        this.operatorName = operatorName;
        this.attempt = attempt;
    }

    public Map<String, Accumulator<?, ?>> accumulators() {
        return accumulators;
    }

    @Override
    public String getTaskName() {
        return operatorName + " (1/1)";
    }

    @Override
    public String getOperatorName() {
        return operatorName;
    }

    @Override
    public int getIndexOfThisSubtask() {
        return 0;
    }

    @Override
    public int getNumberOfParallelSubtasks() {
        return 1;
    }

    @Override
    public int getMaxNumberOfParallelSubtasks() {
        return 128;
    }

    @Override
    public int getAttemptNumber() {
        return attempt;
    }

    @Override
    public ClassLoader getUserCodeClassLoader() {
        return getClass().getClassLoader();
    }

    @Override
    public <V, A extends Serializable> void addAccumulator(String name, Accumulator<V, A> accumulator) {
        if (accumulators.putIfAbsent(name, accumulator) != null) {
            throw new IllegalArgumentException("accumulator " + name + " registered twice");
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V, A extends Serializable> Accumulator<V, A> getAccumulator(String name) {
        return (Accumulator<V, A>) accumulators.get(name);
    }

    @Override
    public IntCounter getIntCounter(String name) {
        return (IntCounter) accumulators.computeIfAbsent(name, n -> new IntCounter());
    }

    @Override
    public LongCounter getLongCounter(String name) {
        return (LongCounter) accumulators.computeIfAbsent(name, n -> new LongCounter());
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        throw new UnsupportedOperationException("no keyed state in format tests");
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        throw new UnsupportedOperationException("no keyed state in format tests");
    }

    @Override
    public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
        throw new UnsupportedOperationException("no keyed state in format tests");
    }

    @Override
    public <T> io.eddy.api.common.state.ReducingState<T> getReducingState(io.eddy.api.common.state.ReducingStateDescriptor<T> descriptor) {
        throw new UnsupportedOperationException("no keyed state in format tests");
    }

    @Override
    public <IN, ACC, OUT> io.eddy.api.common.state.AggregatingState<IN, OUT> getAggregatingState(
            io.eddy.api.common.state.AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
        throw new UnsupportedOperationException("no keyed state in format tests");
    }
}
