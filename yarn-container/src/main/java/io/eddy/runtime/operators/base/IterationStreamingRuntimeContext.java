package io.eddy.runtime.operators.base;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.functions.rich.IterationRuntimeContext;
import io.eddy.runtime.iteration.IterationTaskContext;
import io.eddy.runtime.operators.TaskEnvironment;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import java.io.Serializable;

/**
 * The runtime context of a user function in a loop's body: the operator's {@link
 * StreamingRuntimeContext} plus the task's {@link IterationTaskContext} (superstep, aggregator
 * copies, previous aggregates). Task thread only.
 */
final class IterationStreamingRuntimeContext extends StreamingRuntimeContext implements IterationRuntimeContext {

    private final IterationTaskContext iteration;

    IterationStreamingRuntimeContext(TaskEnvironment environment, String operatorName, HeapKeyedStateBackend keyedState) {
        super(environment, operatorName, keyedState);
        this.iteration = environment.iteration();
    }

    @Override
    public int getSuperstepNumber() {
        return iteration.superstep();
    }

    @Override
    public <A extends Aggregator<?>> A getIterationAggregator(String name) {
        return iteration.aggregator(name);
    }

    @Override
    public <T extends Serializable> T getPreviousIterationAggregate(String name) {
        return iteration.previousAggregate(name);
    }
}
