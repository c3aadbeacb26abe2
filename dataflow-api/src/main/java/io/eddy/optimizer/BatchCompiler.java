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

    public static CompiledPlan compile(Plan plan) {
        Dag dag = DagBuilder.build(plan);
        dag.iterations().forEach(it -> it.checkLaneBoundAreMembers(dag));
        StrategyChooser.choose(dag);
        CombinerInserter.insert(dag);
        ExchangeModeChooser.choose(dag);
        MemoryAssigner.assign(dag);
        return new CompiledPlan(dag);
    }
}
