package io.eddy.runtime.operators.batch;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.OperatorProvider;
import java.util.Map;

/**
 * The single-input batch drivers, by kind ({@link BatchKinds}): registered through {@code
 * META-INF/services/io.eddy.runtime.operators.OperatorProvider}. See {@code docs/batch-drivers.md}.
 */
public final class BatchOperatorProvider implements OperatorProvider {

    @Override
    public Map<String, Creator> operators() {
        return Map.of(
                BatchKinds.MAP_PARTITION, MapPartitionOperator::new,
                BatchKinds.GROUP_REDUCE, GroupReduceOperator::new,
                BatchKinds.GROUP_COMBINE, GroupCombineOperator::new,
                BatchKinds.REDUCE, ReduceOperator::new,
                BatchKinds.REDUCE_COMBINE, ReduceCombineOperator::new,
                BatchKinds.SORT_PARTITION, SortPartitionOperator::new);
    }
}
