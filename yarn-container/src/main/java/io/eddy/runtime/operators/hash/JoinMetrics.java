package io.eddy.runtime.operators.hash;

/**
 * What one hash join did, over all its recursion levels: partitions spilled, the deepest level
 * reached and how many partitions needed the nested-loop fallback. For logs and tests.
 *
 * <p>Not thread-safe: updated and read on the task thread.
 */
public final class JoinMetrics {

    private int spilledPartitions;
    private int deepestLevel;
    private int nestedLoopFallbacks;

    void partitionSpilled(int level) {
        spilledPartitions++;
        deepestLevel = Math.max(deepestLevel, level);
    }

    void levelStarted(int level) {
        deepestLevel = Math.max(deepestLevel, level);
    }

    void fallbackStarted() {
        nestedLoopFallbacks++;
    }

    /** Partitions spilled on any level. */
    public int spilledPartitions() {
        return spilledPartitions;
    }

    /** The deepest recursion level that ran (0: no recursion). */
    public int deepestLevel() {
        return deepestLevel;
    }

    /** Partitions joined by the block-nested-loop fallback. */
    public int nestedLoopFallbacks() {
        return nestedLoopFallbacks;
    }

    @Override
    public String toString() {
        return "JoinMetrics[spilledPartitions=" + spilledPartitions + ", deepestLevel=" + deepestLevel
                + ", nestedLoopFallbacks=" + nestedLoopFallbacks + "]";
    }
}
