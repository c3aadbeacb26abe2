package io.eddy.runtime.operators.batch.join;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.StreamOperator;

/** Creates the runtime operator of a {@code join} descriptor for its local strategy. */
final class JoinOperators {

    private JoinOperators() {}

    /** The join operator of {@code kind}: a hybrid hash join building the first or second input, or a sort-merge join. */
    static StreamOperator<?> create(OperatorDescriptor descriptor, BatchKinds.Join kind) {
        return switch (kind.localStrategy()) {
            case HYBRID_HASH_BUILD_FIRST -> new HashJoinOperator<>(descriptor, kind, 0);
            case HYBRID_HASH_BUILD_SECOND -> new HashJoinOperator<>(descriptor, kind, 1);
            case SORT_MERGE -> new SortMergeJoinOperator<>(descriptor, kind);
            default -> throw new IllegalStateException("Bug: the join kind admitted the local strategy " + kind.localStrategy());
        };
    }
}
