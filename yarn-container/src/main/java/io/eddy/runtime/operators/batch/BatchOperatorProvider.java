package io.eddy.runtime.operators.batch;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;

/**
 * The single-input batch drivers, by kind ({@link BatchKinds}): registered through {@code
 * META-INF/services/io.eddy.runtime.operators.OperatorProvider}. See {@code docs/batch-drivers.md}.
 */
public final class BatchOperatorProvider implements OperatorProvider {

    @Override
    public void register(OperatorRegistry registry) {
        registry.add(BatchKinds.MapPartition.class, MapPartitionOperator::new);
        registry.add(BatchKinds.GroupReduce.class, GroupReduceOperator::new);
        registry.add(BatchKinds.GroupCombine.class, GroupCombineOperator::new);
        registry.add(BatchKinds.Reduce.class, ReduceOperator::new);
        registry.add(BatchKinds.ReduceCombine.class, ReduceCombineOperator::new);
        registry.add(BatchKinds.SortPartition.class, SortPartitionOperator::new);
    }
}
