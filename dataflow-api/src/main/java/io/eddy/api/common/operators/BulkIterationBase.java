package io.eddy.api.common.operators;

import io.eddy.api.common.aggregators.AggregatorRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A bulk iteration (docs/iterations.md): superstep 1 reads {@link #getInput()} as the partial
 * solution, every superstep computes {@link #getNextPartialSolution()} from the {@link
 * #getPartialSolution() placeholder}, and the result is the partial solution after the last
 * superstep. The loop ends after {@link #getMaxIterations()} supersteps, after a superstep in which
 * the {@link #getTerminationCriterion() termination criterion} (if any) produced nothing, or when
 * the aggregators' convergence criterion holds.
 *
 * @param <T> the type of the partial solution
 */
public final class BulkIterationBase<T> extends LogicalOperator<T> implements IterationOperator {

    private final LogicalOperator<T> input;
    private final IterationPlaceholder<T> partialSolution;
    private final LogicalOperator<T> nextPartialSolution;
    private final LogicalOperator<?> terminationCriterion;
    private final int maxIterations;
    private final AggregatorRegistry aggregators;

    /** @param terminationCriterion the data set whose emptiness ends the loop, or null */
    public BulkIterationBase(OperatorInfo<T> info, LogicalOperator<T> input, IterationPlaceholder<T> partialSolution,
            LogicalOperator<T> nextPartialSolution, LogicalOperator<?> terminationCriterion, int maxIterations, AggregatorRegistry aggregators) {
        super(info, null);
        this.input = Objects.requireNonNull(input, "input");
        this.partialSolution = Objects.requireNonNull(partialSolution, "partialSolution");
        this.nextPartialSolution = Objects.requireNonNull(nextPartialSolution, "nextPartialSolution");
        this.terminationCriterion = terminationCriterion;
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations of iteration '" + info.name() + "': " + maxIterations + " (expected: at least 1)");
        }
        this.maxIterations = maxIterations;
        this.aggregators = Objects.requireNonNull(aggregators, "aggregators");
    }

    /** The initial partial solution. */
    public LogicalOperator<T> getInput() {
        return input;
    }

    public IterationPlaceholder<T> getPartialSolution() {
        return partialSolution;
    }

    public LogicalOperator<T> getNextPartialSolution() {
        return nextPartialSolution;
    }

    /** The termination criterion, or null. */
    public LogicalOperator<?> getTerminationCriterion() {
        return terminationCriterion;
    }

    @Override
    public int getMaxIterations() {
        return maxIterations;
    }

    @Override
    public AggregatorRegistry getAggregators() {
        return aggregators;
    }

    @Override
    public List<IterationPlaceholder<?>> getPlaceholders() {
        return List.of(partialSolution);
    }

    @Override
    public List<BodyRoot> getBodyRoots() {
        List<BodyRoot> roots = new ArrayList<>();
        roots.add(new BodyRoot(nextPartialSolution, "next partial solution"));
        if (terminationCriterion != null) {
            roots.add(new BodyRoot(terminationCriterion, "termination criterion"));
        }
        return roots;
    }

    @Override
    public List<LogicalOperator<?>> getInputs() {
        return List.of(input);
    }

    @Override
    protected String describeDetails() {
        return "maxIterations=" + maxIterations + ", next=#" + nextPartialSolution.getId()
                + (terminationCriterion == null ? "" : ", terminationCriterion=#" + terminationCriterion.getId())
                + (aggregators.getAggregators().isEmpty() ? "" : ", " + aggregators);
    }
}
