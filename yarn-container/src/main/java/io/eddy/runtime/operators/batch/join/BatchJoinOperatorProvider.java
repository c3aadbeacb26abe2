package io.eddy.runtime.operators.batch.join;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.OperatorProvider;
import java.util.Map;

/**
 * The two-input batch drivers: {@code join} (hybrid hash or sort-merge, inner and outer),
 * {@code coGroup} and {@code cross}. Registered in {@code
 * META-INF/services/io.eddy.runtime.operators.OperatorProvider}; see {@code docs/batch-join-drivers.md}.
 */
public final class BatchJoinOperatorProvider implements OperatorProvider {

    @Override
    public Map<String, Creator> operators() {
        return Map.of(
                BatchKinds.JOIN, JoinOperators::create,
                BatchKinds.CO_GROUP, CoGroupOperator::new,
                BatchKinds.CROSS, CrossOperator::new);
    }
}
