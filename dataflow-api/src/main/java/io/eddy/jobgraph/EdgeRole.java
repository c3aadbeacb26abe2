package io.eddy.jobgraph;

/**
 * What an edge's records are to its consumer's head operator. The role decides how {@link
 * JobEdge#targetInput()} is read and which direction the edge may take in the graph.
 */
public enum EdgeRole {
    /**
     * Records of a logical input of the head operator: {@code targetInput} is the input (0 for
     * one-input operators, 0 or 1 for two-input ones). Goes forward (to a higher vertex id).
     */
    DATA,
    /**
     * A broadcast variable read whole before the head operator's first record: {@code targetInput}
     * is the variable's index in the head descriptor's {@link OperatorDescriptor#broadcastNames()}.
     * Goes forward.
     */
    BROADCAST,
    /**
     * The records a loop sends back to its head for the next round: goes backward or to itself
     * (to a vertex id not higher than its source's), and both ends are members of one {@link
     * VertexGroup.Kind#ITERATION} or {@link VertexGroup.Kind#STREAM_LOOP} group. {@code
     * targetInput} is the head's logical input it feeds.
     */
    FEEDBACK,
    /**
     * The records that build a delta iteration's solution set (records of the head operator's
     * input 0, hash-partitioned on the iteration's keys), kept in the partition's lane and read
     * there by key: from outside a delta {@link VertexGroup.Kind#ITERATION} group into input 0 of
     * its head vertex. Read like {@link #DATA} by the head's task.
     */
    SOLUTION_SET;

    /** Whether edges of this role go from a lower to a higher vertex id. */
    public boolean isForward() {
        return this != FEEDBACK;
    }
}
