package io.eddy.translation;

/** Whether an operator may be chained with its neighbours into one task. */
public enum ChainingStrategy {
    /** Chained to its upstream and downstream operators wherever the chaining rules allow (the default). */
    ALWAYS,
    /** Starts a new chain: not chained to its upstream operator, but downstream operators may chain to it ({@code startNewChain()}). */
    HEAD,
    /** Never chained, neither to its upstream nor to its downstream operators ({@code disableChaining()}). */
    NEVER
}
