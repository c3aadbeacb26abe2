package io.eddy.streaming.api.testutils;

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

/** A runtime context for running built-in functions in unit tests: subtask index, parallelism and long counters only. */
public final class TestRuntimeContext implements RuntimeContext {

    private final int subtask;
    private final int parallelism;
    private final Map<String, LongCounter> longCounters = new HashMap<>();

    public TestRuntimeContext(int subtask, int parallelism) {
        this.subtask = subtask;
        this.parallelism = parallelism;
    }

    @Override
    public String getTaskName() {
        return "test (" + (subtask + 1) + "/" + parallelism + ")";
    }

    @Override
    public String getOperatorName() {
        return "test";
    }

    @Override
    public int getIndexOfThisSubtask() {
        return subtask;
    }

    @Override
    public int getNumberOfParallelSubtasks() {
        return parallelism;
    }

    @Override
    public int getMaxNumberOfParallelSubtasks() {
        return 128;
    }

    @Override
    public int getAttemptNumber() {
        return 0;
    }

    @Override
    public ClassLoader getUserCodeClassLoader() {
        return getClass().getClassLoader();
    }

    @Override
    public <V, A extends Serializable> void addAccumulator(String name, Accumulator<V, A> accumulator) {
        throw new UnsupportedOperationException("not in unit tests");
    }

    @Override
    public <V, A extends Serializable> Accumulator<V, A> getAccumulator(String name) {
        throw new UnsupportedOperationException("not in unit tests");
    }

    @Override
    public IntCounter getIntCounter(String name) {
        throw new UnsupportedOperationException("not in unit tests");
    }

    @Override
    public LongCounter getLongCounter(String name) {
        return longCounters.computeIfAbsent(name, n -> new LongCounter());
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        throw new UnsupportedOperationException("not in unit tests");
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        throw new UnsupportedOperationException("not in unit tests");
    }

    @Override
    public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
        throw new UnsupportedOperationException("not in unit tests");
    }

    @Override
    public <T> io.eddy.api.common.state.ReducingState<T> getReducingState(io.eddy.api.common.state.ReducingStateDescriptor<T> descriptor) {
        throw new UnsupportedOperationException("not in unit tests");
    }

    @Override
    public <IN, ACC, OUT> io.eddy.api.common.state.AggregatingState<IN, OUT> getAggregatingState(
            io.eddy.api.common.state.AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
        throw new UnsupportedOperationException("not in unit tests");
    }
}
