package io.eddy.runtime.operators.batch.join;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.runtime.operators.OperatorProvider;
import io.eddy.runtime.operators.OperatorRegistry;

/**
 * The two-input batch drivers: {@code join} (hybrid hash or sort-merge, inner and outer),
 * {@code coGroup} and {@code cross}. Registered in {@code
 * META-INF/services/io.eddy.runtime.operators.OperatorProvider}; see {@code docs/batch-join-drivers.md}.
 */
public final class BatchJoinOperatorProvider implements OperatorProvider {

    @Override
    public void register(OperatorRegistry registry) {
        registry.add(BatchKinds.Join.class, JoinOperators::create);
        registry.add(BatchKinds.CoGroup.class, CoGroupOperator::new);
        registry.add(BatchKinds.Cross.class, CrossOperator::new);
    }
}
