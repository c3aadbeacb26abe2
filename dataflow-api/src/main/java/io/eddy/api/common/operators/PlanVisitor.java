package io.eddy.api.common.operators;

/**
 * Walks a {@link Plan} depth first from its sinks: {@link #preVisit} on the way down (return false
 * to skip the node's inputs), {@link #postVisit} after all inputs (regular and broadcast) were
 * visited. Each operator is visited once, also when several operators read it.
 */
public interface PlanVisitor {

    /** Called before the operator's inputs; return false not to descend into them. */
    boolean preVisit(LogicalOperator<?> operator);

    /** Called after the operator's inputs. */
    void postVisit(LogicalOperator<?> operator);
}
