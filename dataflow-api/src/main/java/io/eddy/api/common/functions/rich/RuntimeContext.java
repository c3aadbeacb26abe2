package io.eddy.api.common.functions.rich;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.accumulators.IntCounter;
import io.eddy.api.common.accumulators.LongCounter;
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
import java.io.Serializable;
import java.util.List;

/**
 * What a running parallel instance of a function can see of its surroundings. Used only from the
 * task's own thread.
 */
public interface RuntimeContext {

    /** The name of the task, with the subtask, e.g. {@code "Map -> Filter (2/4)"}. */
    String getTaskName();

    /** The operator's name as given with {@code name(...)}. */
    String getOperatorName();

    /** The index of this parallel instance, from 0. */
    int getIndexOfThisSubtask();

    int getNumberOfParallelSubtasks();

    /** The number of key groups: the largest parallelism keyed state can be rescaled to. */
    int getMaxNumberOfParallelSubtasks();

    /** How many times this subtask was restarted before; 0 on the first run. */
    int getAttemptNumber();

    ClassLoader getUserCodeClassLoader();

    /**
     * Registers an accumulator under {@code name}; the values of all parallel instances are merged
     * and returned with the job result.
     *
     * @throws IllegalArgumentException if another accumulator of that name is registered in this instance
     */
    <V, A extends Serializable> void addAccumulator(String name, Accumulator<V, A> accumulator);

    /** The accumulator registered under {@code name} in this instance, or null. */
    <V, A extends Serializable> Accumulator<V, A> getAccumulator(String name);

    /** The counter registered under {@code name}, registering a new one on first use. */
    IntCounter getIntCounter(String name);

    /** The counter registered under {@code name}, registering a new one on first use. */
    LongCounter getLongCounter(String name);

    /**
     * The records of the broadcast variable {@code name} (a data set registered on this operator
     * with {@code withBroadcastSet(dataSet, name)}), complete before {@code open()} is called. Every
     * function of the task gets the same unmodifiable list; it lives on the heap, so a broadcast set
     * must fit into memory.
     *
     * @throws IllegalArgumentException if no broadcast variable of that name was registered (the
     *     message names the registered ones)
     * @throws UnsupportedOperationException where the context has no broadcast variables (streaming
     *     test contexts)
     */
    default <T> List<T> getBroadcastVariable(String name) {
        throw new UnsupportedOperationException("Broadcast variable '" + name + "' was asked for in '" + getTaskName()
                + "', whose runtime context has none: broadcast variables exist only in batch jobs, registered with withBroadcastSet(...)");
    }

    /**
     * Keyed state, scoped to the key of the value being processed.
     *
     * @throws UnsupportedOperationException if the operator does not run on a keyed stream (the message says to call {@code keyBy} first)
     */
    <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor);

    <T> ListState<T> getListState(ListStateDescriptor<T> descriptor);

    <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor);

    /** Keyed state that reduces the values added to it with the descriptor's {@code ReduceFunction}. */
    <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor);

    /** Keyed state that aggregates the values added to it with the descriptor's {@code AggregateFunction}. */
    <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor);
}
