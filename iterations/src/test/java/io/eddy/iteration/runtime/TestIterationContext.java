package io.eddy.iteration.runtime;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.runtime.iteration.IterationTaskContext;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An {@link IterationTaskContext} for tests, standing in for the task runtime's: a superstep number
 * the test (or {@link TestSuperstepControl}) moves on, and aggregators by name, reset when a
 * superstep starts. No previous aggregates.
 */
final class TestIterationContext implements IterationTaskContext {

    private final IterationSpec spec;
    private final Map<String, Aggregator<?>> aggregators = new LinkedHashMap<>();
    private int superstep = 1;

    TestIterationContext(String iteration) {
        this.spec = new IterationSpec(iteration, IterationSpec.Kind.BULK, new JobVertexId(0), 10, new byte[0], false);
    }

    TestIterationContext withAggregator(String name, Aggregator<?> aggregator) {
        aggregators.put(name, aggregator);
        return this;
    }

    /** Superstep {@code next} starts: the number moves on and every aggregator is reset, as the task does. */
    void startSuperstep(int next) {
        superstep = next;
        aggregators.values().forEach(Aggregator::reset);
    }

    @Override
    public IterationSpec spec() {
        return spec;
    }

    @Override
    public int superstep() {
        return superstep;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <A extends Aggregator<?>> A aggregator(String name) {
        Aggregator<?> aggregator = aggregators.get(name);
        if (aggregator == null) {
            throw new IllegalArgumentException("no aggregator '" + name + "' (registered: " + aggregators.keySet() + ")");
        }
        return (A) aggregator;
    }

    @Override
    public <T extends Serializable> T previousAggregate(String name) {
        aggregator(name);
        return null;
    }
}
