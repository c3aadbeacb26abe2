package io.eddy.iteration.runtime;

import io.eddy.jobgraph.IterationKinds;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;

/**
 * The runtime operators of loops, by kind ({@link IterationKinds}, {@link StreamIterationKinds}): registered through {@code
 * META-INF/services/io.eddy.runtime.operators.OperatorProvider}, so the worker runs them without
 * naming this module.
 */
public final class IterationOperatorProvider implements OperatorProvider {

    @Override
    public void register(OperatorRegistry registry) {
        registry.add(IterationKinds.BulkHead.class, BulkIterationHead::new);
        registry.add(IterationKinds.BulkTail.class, BulkIterationTail::new);
        registry.add(IterationKinds.TerminationTail.class, TerminationCriterionTail::new);
        registry.add(IterationKinds.DeltaHead.class, DeltaIterationHead::new);
        registry.add(IterationKinds.WorksetTail.class, WorksetTail::new);
        registry.add(IterationKinds.SolutionSetDeltaTail.class, SolutionSetDeltaTail::new);
        registry.add(IterationKinds.SolutionSetJoin.class, SolutionSetJoinOperator::new);
        registry.add(IterationKinds.SolutionSetCoGroup.class, SolutionSetCoGroupOperator::new);
        registry.add(StreamIterationKinds.StreamHead.class, StreamIterationHead::new);
        registry.add(StreamIterationKinds.StreamTail.class, StreamIterationTail::new);
    }
}
