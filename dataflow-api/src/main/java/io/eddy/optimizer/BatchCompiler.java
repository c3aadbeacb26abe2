package io.eddy.optimizer;

import io.eddy.api.common.operators.Plan;

/**
 * Compiles a batch {@link Plan} into an executable plan: a pipeline of named passes over an
 * optimizer DAG (see {@code docs/optimizer.md}). Plan errors (an unsupported key, a partitioning
 * that is not available yet) are {@link IllegalArgumentException}s naming the operator and the fix.
 *
 * <p>Stateless; each call compiles on the calling thread.
 */
public final class BatchCompiler {

    private BatchCompiler() {}

    /** Compiles for workers with the default managed memory ({@link io.eddy.configuration.WorkerMemoryOptions#MANAGED_MEMORY_SIZE}). */
    public static CompiledPlan compile(Plan plan) {
        return compile(plan, io.eddy.configuration.WorkerMemoryOptions.MANAGED_MEMORY_SIZE.defaultValue().bytes());
    }

    /**
     * Compiles for workers with {@code managedMemoryBytes} of managed memory each: whether a loop's
     * hash table on a static input stays in memory across supersteps depends on it.
     */
    public static CompiledPlan compile(Plan plan, long managedMemoryBytes) {
        Dag dag = DagBuilder.build(plan);
        dag.iterations().forEach(it -> it.checkLaneBoundAreMembers(dag));
        StrategyChooser.choose(dag, managedMemoryBytes);
        SortFusion.fuse(dag);
        CombinerInserter.insert(dag);
        ExchangeModeChooser.choose(dag);
        MemoryAssigner.assign(dag);
        return new CompiledPlan(dag);
    }
}
