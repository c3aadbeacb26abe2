package io.eddy.iteration.runtime;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.runtime.iteration.IterationResume;
import io.eddy.runtime.iteration.TaskIterationContext;
import io.eddy.util.InstantiationUtil;
import java.util.HashMap;

/**
 * Loop contexts for the operators' tests: the task runtime's own {@link TaskIterationContext} over
 * a spec built here, moved on from superstep to superstep as the task moves it.
 */
final class LoopContexts {

    private LoopContexts() {}

    /** A bulk loop named {@code iteration} without aggregators. */
    static TaskIterationContext bulk(String iteration) {
        return create(iteration, new AggregatorRegistry(), false);
    }

    /** A bulk loop with a termination criterion: the runtime registers its long-sum count. */
    static TaskIterationContext withTerminationCriterion(String iteration) {
        return create(iteration, new AggregatorRegistry(), true);
    }

    /** A bulk loop with one aggregator, registered under {@code name} as a user would. */
    static TaskIterationContext withAggregator(String iteration, String name, Aggregator<?> aggregator) {
        AggregatorRegistry registry = new AggregatorRegistry();
        registry.register(name, aggregator);
        return create(iteration, registry, false);
    }

    /** A delta loop named {@code iteration} without aggregators: the runtime registers the workset count. */
    static TaskIterationContext delta(String iteration) {
        IterationSpec spec = new IterationSpec(iteration, IterationSpec.Kind.DELTA, new JobVertexId(0), 10,
                InstantiationUtil.serialize(new AggregatorRegistry(), "the aggregators"), false);
        return TaskIterationContext.create(spec, iteration + " (test task)", LoopContexts.class.getClassLoader());
    }

    /** A bulk loop named {@code iteration} whose run resumes at {@code resume}. */
    static TaskIterationContext resumedBulk(String iteration, IterationResume resume) {
        IterationSpec spec = new IterationSpec(iteration, IterationSpec.Kind.BULK, new JobVertexId(0), 10,
                InstantiationUtil.serialize(new AggregatorRegistry(), "the aggregators"), false);
        return TaskIterationContext.create(spec, iteration + " (test task)", LoopContexts.class.getClassLoader(), resume);
    }

    /** The serialized empty aggregates of a superstep. */
    static byte[] noAggregates() {
        return InstantiationUtil.serialize(new HashMap<String, java.io.Serializable>(), "no aggregates");
    }

    /** Superstep {@code next} starts, with no combined aggregates from the previous one. */
    static void startSuperstep(TaskIterationContext context, int next) {
        context.startSuperstep(next, InstantiationUtil.serialize(new HashMap<String, java.io.Serializable>(), "no aggregates"));
    }

    private static TaskIterationContext create(String iteration, AggregatorRegistry registry, boolean terminationCriterion) {
        IterationSpec spec = new IterationSpec(iteration, IterationSpec.Kind.BULK, new JobVertexId(0), 10,
                InstantiationUtil.serialize(registry, "the aggregators"), terminationCriterion);
        return TaskIterationContext.create(spec, iteration + " (test task)", LoopContexts.class.getClassLoader());
    }
}
