package io.eddy.runtime.operators.batch.join;

import io.eddy.jobgraph.BatchKinds;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.StreamOperator;

/** Creates the runtime operator of a {@code join} descriptor for its local strategy. */
final class JoinOperators {

    private JoinOperators() {}

    /**
     * The join operator of {@code descriptor}: a hybrid hash join building the first or second input,
     * or a sort-merge join (also when no strategy is set).
     *
     * @throws IllegalArgumentException for a strategy that is not a join strategy
     */
    static StreamOperator<?> create(OperatorDescriptor descriptor) {
        LocalStrategy strategy = descriptor.param(BatchKinds.PARAM_LOCAL_STRATEGY, LocalStrategy.SORT_MERGE);
        return switch (strategy) {
            case HYBRID_HASH_BUILD_FIRST -> new HashJoinOperator<>(descriptor, 0);
            case HYBRID_HASH_BUILD_SECOND -> new HashJoinOperator<>(descriptor, 1);
            case SORT_MERGE -> new SortMergeJoinOperator<>(descriptor);
            default -> throw new IllegalArgumentException("Bug: join operator with local strategy " + strategy
                    + " (expected: HYBRID_HASH_BUILD_FIRST, HYBRID_HASH_BUILD_SECOND or SORT_MERGE)");
        };
    }

    /** The name of the key parameter of logical input {@code input}. */
    static String keysParam(int input) {
        return input == 0 ? BatchKinds.PARAM_KEYS : BatchKinds.PARAM_KEYS_2;
    }
}
