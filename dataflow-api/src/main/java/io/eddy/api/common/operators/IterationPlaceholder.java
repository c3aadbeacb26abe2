package io.eddy.api.common.operators;

import java.util.List;

/**
 * What a loop body reads as the iteration's current data: the partial solution of a bulk
 * iteration, or the workset or solution set of a delta iteration. A plan node without inputs; its
 * iteration ({@link BulkIterationBase}, {@link DeltaIterationBase}) names it and feeds it each
 * superstep. Only operators of that iteration's loop body may read it ({@link IterationRules}).
 *
 * @param <T> the record type
 */
public final class IterationPlaceholder<T> extends LogicalOperator<T> {

    /** Which of its iteration's data sets the placeholder stands for. */
    public enum Role {
        PARTIAL_SOLUTION("partial solution"),
        WORKSET("workset"),
        SOLUTION_SET("solution set");

        private final String description;

        Role(String description) {
            this.description = description;
        }

        /** {@code "partial solution"}, {@code "workset"} or {@code "solution set"}, for messages. */
        public String description() {
            return description;
        }
    }

    private final Role role;
    private final String iterationName;

    public IterationPlaceholder(OperatorInfo<T> info, Role role, String iterationName) {
        super(info, null);
        this.role = java.util.Objects.requireNonNull(role, "role");
        this.iterationName = java.util.Objects.requireNonNull(iterationName, "iterationName");
    }

    public Role getRole() {
        return role;
    }

    /** The name of the iteration, for messages. */
    public String getIterationName() {
        return iterationName;
    }

    /** {@code "the partial solution of iteration 'PageRank'"}. */
    public String describe() {
        return "the " + role.description() + " of iteration '" + iterationName + "'";
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.of();
    }

    @Override
    protected String describeDetails() {
        return role.description() + " of '" + iterationName + "'";
    }
}
