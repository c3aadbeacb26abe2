package io.eddy.api.common.operators;

import io.eddy.api.common.aggregators.AggregatorRegistry;
import java.util.List;
import java.util.Objects;

/**
 * A delta iteration (docs/iterations.md): the solution set, initially {@link
 * #getInitialSolutionSet()}, is keyed by {@link #getSolutionSetKeys()}; each superstep the loop body
 * reads the {@link #getWorkset() workset} (initially {@link #getInitialWorkset()}) and the {@link
 * #getSolutionSet() solution set}, and computes the {@link #getSolutionSetDelta() delta}, whose
 * records replace those of the solution set with the same key, and the {@link #getNextWorkset()
 * next workset}. The loop ends when the next workset is empty, after {@link #getMaxIterations()}
 * supersteps, or when the aggregators' convergence criterion holds; the result is the solution set.
 *
 * @param <ST> the type of the solution set
 * @param <WT> the type of the workset
 */
public final class DeltaIterationBase<ST, WT> extends LogicalOperator<ST> implements IterationOperator {

    private final LogicalOperator<ST> initialSolutionSet;
    private final LogicalOperator<WT> initialWorkset;
    private final Keys solutionSetKeys;
    private final IterationPlaceholder<ST> solutionSet;
    private final IterationPlaceholder<WT> workset;
    private final LogicalOperator<ST> solutionSetDelta;
    private final LogicalOperator<WT> nextWorkset;
    private final int maxIterations;
    private final AggregatorRegistry aggregators;
    private final boolean solutionSetUnManaged;

    public DeltaIterationBase(OperatorInfo<ST> info, LogicalOperator<ST> initialSolutionSet, LogicalOperator<WT> initialWorkset,
            Keys solutionSetKeys, IterationPlaceholder<ST> solutionSet, IterationPlaceholder<WT> workset,
            LogicalOperator<ST> solutionSetDelta, LogicalOperator<WT> nextWorkset, int maxIterations,
            AggregatorRegistry aggregators, boolean solutionSetUnManaged) {
        super(info, null);
        this.initialSolutionSet = Objects.requireNonNull(initialSolutionSet, "initialSolutionSet");
        this.initialWorkset = Objects.requireNonNull(initialWorkset, "initialWorkset");
        this.solutionSetKeys = Objects.requireNonNull(solutionSetKeys, "solutionSetKeys");
        this.solutionSet = Objects.requireNonNull(solutionSet, "solutionSet");
        this.workset = Objects.requireNonNull(workset, "workset");
        this.solutionSetDelta = Objects.requireNonNull(solutionSetDelta, "solutionSetDelta");
        this.nextWorkset = Objects.requireNonNull(nextWorkset, "nextWorkset");
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations of iteration '" + info.name() + "': " + maxIterations + " (expected: at least 1)");
        }
        this.maxIterations = maxIterations;
        this.aggregators = Objects.requireNonNull(aggregators, "aggregators");
        this.solutionSetUnManaged = solutionSetUnManaged;
    }

    public LogicalOperator<ST> getInitialSolutionSet() {
        return initialSolutionSet;
    }

    public LogicalOperator<WT> getInitialWorkset() {
        return initialWorkset;
    }

    /** The keys of the solution set over its type: a delta record replaces the record with the same key. */
    public Keys getSolutionSetKeys() {
        return solutionSetKeys;
    }

    public IterationPlaceholder<ST> getSolutionSet() {
        return solutionSet;
    }

    public IterationPlaceholder<WT> getWorkset() {
        return workset;
    }

    public LogicalOperator<ST> getSolutionSetDelta() {
        return solutionSetDelta;
    }

    public LogicalOperator<WT> getNextWorkset() {
        return nextWorkset;
    }

    @Override
    public int getMaxIterations() {
        return maxIterations;
    }

    @Override
    public AggregatorRegistry getAggregators() {
        return aggregators;
    }

    /** Whether the solution set is kept in objects on the heap instead of in managed memory. */
    public boolean isSolutionSetUnManaged() {
        return solutionSetUnManaged;
    }

    @Override
    public List<IterationPlaceholder<?>> getPlaceholders() {
        return List.of(solutionSet, workset);
    }

    @Override
    public List<BodyRoot> getBodyRoots() {
        return List.of(new BodyRoot(solutionSetDelta, "solution-set delta"), new BodyRoot(nextWorkset, "next workset"));
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.of(initialSolutionSet, initialWorkset);
    }

    @Override
    protected String describeDetails() {
        return "keys=" + solutionSetKeys + ", maxIterations=" + maxIterations + ", delta=#" + solutionSetDelta.getId()
                + ", nextWorkset=#" + nextWorkset.getId() + (solutionSetUnManaged ? ", unmanaged" : "")
                + (aggregators.getAggregators().isEmpty() ? "" : ", " + aggregators);
    }
}
