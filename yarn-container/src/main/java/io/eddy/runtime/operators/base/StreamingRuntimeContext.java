package io.eddy.runtime.operators.base;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.accumulators.IntCounter;
import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.AggregatingState;
import io.eddy.api.common.state.AggregatingStateDescriptor;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.state.MapState;
import io.eddy.api.common.state.MapStateDescriptor;
import io.eddy.api.common.state.ReducingState;
import io.eddy.api.common.state.ReducingStateDescriptor;
import io.eddy.api.common.state.ValueState;
import io.eddy.api.common.state.ValueStateDescriptor;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import java.io.Serializable;
import java.util.List;

/**
 * The {@link RuntimeContext} of one operator's user function: the task's identity and
 * accumulators, and the operator's keyed state if it runs on a keyed stream. Task thread only.
 * Inside a loop the operator gets an {@link IterationStreamingRuntimeContext} instead ({@link #create}).
 */
class StreamingRuntimeContext implements RuntimeContext {

    private final TaskEnvironment environment;
    private final String operatorName;
    private final HeapKeyedStateBackend keyedState;

    /**
     * The runtime context of an operator of a task of {@code environment}: an {@code
     * IterationRuntimeContext} when the task runs in a loop.
     *
     * @param keyedState the operator's keyed state, or null if the operator is not keyed
     */
    static StreamingRuntimeContext create(TaskEnvironment environment, String operatorName, HeapKeyedStateBackend keyedState) {
        return environment.iteration() == null ? new StreamingRuntimeContext(environment, operatorName, keyedState)
                : new IterationStreamingRuntimeContext(environment, operatorName, keyedState);
    }

    /** @param keyedState the operator's keyed state, or null if the operator is not keyed */
    StreamingRuntimeContext(TaskEnvironment environment, String operatorName, HeapKeyedStateBackend keyedState) {
        this.environment = environment;
        this.operatorName = operatorName;
        this.keyedState = keyedState;
    }

    @Override
    public String getTaskName() {
        return environment.taskNameWithSubtask();
    }

    @Override
    public String getOperatorName() {
        return operatorName;
    }

    @Override
    public int getIndexOfThisSubtask() {
        return environment.subtaskIndex();
    }

    @Override
    public int getNumberOfParallelSubtasks() {
        return environment.parallelism();
    }

    @Override
    public int getMaxNumberOfParallelSubtasks() {
        return environment.maxParallelism();
    }

    @Override
    public int getAttemptNumber() {
        return environment.attempt();
    }

    @Override
    public ClassLoader getUserCodeClassLoader() {
        return environment.userCodeClassLoader();
    }

    @Override
    public <V, A extends Serializable> void addAccumulator(String name, Accumulator<V, A> accumulator) {
        environment.accumulators().add(name, accumulator);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <V, A extends Serializable> Accumulator<V, A> getAccumulator(String name) {
        return (Accumulator<V, A>) environment.accumulators().get(name);
    }

    @Override
    public IntCounter getIntCounter(String name) {
        return environment.accumulators().intCounter(name);
    }

    @Override
    public LongCounter getLongCounter(String name) {
        return environment.accumulators().longCounter(name);
    }

    @Override
    public <T> List<T> getBroadcastVariable(String name) {
        return environment.broadcastVariables().get(name, environment.withSubtask(operatorName));
    }

    @Override
    public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
        return requireKeyed(descriptor.getName()).getState(descriptor);
    }

    @Override
    public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
        return requireKeyed(descriptor.getName()).getListState(descriptor);
    }

    @Override
    public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
        return requireKeyed(descriptor.getName()).getMapState(descriptor);
    }

    @Override
    public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
        return requireKeyed(descriptor.getName()).getReducingState(descriptor);
    }

    @Override
    public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
        return requireKeyed(descriptor.getName()).getAggregatingState(descriptor);
    }

    private HeapKeyedStateBackend requireKeyed(String stateName) {
        if (keyedState == null) {
            throw new UnsupportedOperationException("Keyed state '" + stateName + "' is only available on a keyed stream, but operator '"
                    + operatorName + "' does not run on one: call keyBy(...) before this operator");
        }
        return keyedState;
    }
}
