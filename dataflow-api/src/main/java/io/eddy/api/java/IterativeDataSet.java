package io.eddy.api.java;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.ConvergenceCriterion;
import io.eddy.api.common.operators.BulkIterationBase;
import io.eddy.api.common.operators.IterationPlaceholder;
import io.eddy.api.common.operators.LogicalOperator;
import java.io.Serializable;
import java.util.Objects;

/**
 * The partial solution of a bulk iteration, opened by {@link DataSet#iterate(int)}: the loop body
 * reads it like any data set, and {@link #closeWith(DataSet)} closes the loop with the next partial
 * solution and returns the iteration's result. Its name and parallelism are the iteration's
 * (docs/iterations.md).
 *
 * @param <T> the type of the partial solution
 */
public final class IterativeDataSet<T> extends Operator<T> {

    private final DataSet<T> input;
    private final int maxIterations;
    private final AggregatorRegistry aggregators = new AggregatorRegistry();
    private DataSet<T> result;

    IterativeDataSet(DataSet<T> input, int maxIterations) {
        super(input.getExecutionEnvironment(), "Bulk Iteration", input.getType());
        if (maxIterations < 1) {
            throw new IllegalArgumentException("iterate on '" + input.getName() + "': maxIterations " + maxIterations
                    + " (expected: at least 1)");
        }
        this.input = input;
        this.maxIterations = maxIterations;
    }

    /** Closes the loop: superstep after superstep, {@code nextPartialSolution} becomes the partial solution; returns the result. */
    public DataSet<T> closeWith(DataSet<T> nextPartialSolution) {
        return closeWith(nextPartialSolution, null);
    }

    /**
     * Closes the loop like {@link #closeWith(DataSet)}, and also ends it after a superstep in which
     * {@code terminationCriterion} (computed in the loop body) produced no record.
     *
     * @throws IllegalStateException if the loop is closed already
     */
    public DataSet<T> closeWith(DataSet<T> nextPartialSolution, DataSet<?> terminationCriterion) {
        Objects.requireNonNull(nextPartialSolution, () -> "closeWith of iteration '" + getName() + "': the next partial solution is null");
        if (result != null) {
            throw new IllegalStateException("Iteration '" + getName() + "' is closed already: call closeWith once per iterate()");
        }
        if (nextPartialSolution.getExecutionEnvironment() != getExecutionEnvironment()
                || terminationCriterion != null && terminationCriterion.getExecutionEnvironment() != getExecutionEnvironment()) {
            throw new IllegalArgumentException("closeWith of iteration '" + getName() + "': the data sets come from another"
                    + " ExecutionEnvironment; build the whole program from one environment");
        }
        result = new Result<>(this, nextPartialSolution, terminationCriterion);
        return result;
    }

    /** The number of supersteps after which the loop ends at the latest. */
    public int getMaxIterations() {
        return maxIterations;
    }

    /** Registers an aggregator that the loop body's rich functions add to ({@code getIterationRuntimeContext().getIterationAggregator(name)}). */
    public IterativeDataSet<T> registerAggregator(String name, Aggregator<?> aggregator) {
        aggregators.register(name, aggregator);
        return this;
    }

    /** Registers an aggregator and ends the loop after a superstep whose combined aggregate satisfies {@code criterion}. */
    public <X extends Serializable> IterativeDataSet<T> registerAggregationConvergenceCriterion(String name, Aggregator<X> aggregator,
            ConvergenceCriterion<X> criterion) {
        aggregators.registerWithConvergenceCriterion(name, aggregator, criterion);
        return this;
    }

    public AggregatorRegistry getAggregators() {
        return aggregators;
    }

    @Override
    public IterativeDataSet<T> name(String newName) {
        super.name(newName);
        return this;
    }

    @Override
    public IterativeDataSet<T> setParallelism(int newParallelism) {
        super.setParallelism(newParallelism);
        return this;
    }

    /** Reached only when something outside the loop reads the partial solution, or the loop was never closed. */
    @Override
    LogicalOperator<T> translate(PlanTranslator translator) {
        if (result == null) {
            throw new IllegalStateException("Iteration '" + getName() + "' is never closed, but its partial solution is read by "
                    + translator.readers() + ": call closeWith(nextPartialSolution) on the IterativeDataSet that iterate() returned,"
                    + " and use the data set it returns");
        }
        throw new IllegalArgumentException("The partial solution of iteration '" + getName() + "' is read outside its loop, by "
                + translator.readers() + ": data sets of a loop are used after it only through the data set that closeWith(...)"
                + " returns; read that one instead");
    }

    /** The data set {@code closeWith} returns: the partial solution after the last superstep. */
    private static final class Result<T> extends Operator<T> {

        private final IterativeDataSet<T> iteration;
        private final DataSet<T> next;
        private final DataSet<?> terminationCriterion;

        Result(IterativeDataSet<T> iteration, DataSet<T> next, DataSet<?> terminationCriterion) {
            super(iteration.getExecutionEnvironment(), iteration.getName(), iteration.getType());
            this.iteration = iteration;
            this.next = next;
            this.terminationCriterion = terminationCriterion;
        }

        @Override
        public String getName() {
            return iteration.getName();
        }

        @Override
        public int getParallelism() {
            return iteration.getParallelism();
        }

        @Override
        protected void checkSupportedParallelism(int newParallelism) {
            throw new UnsupportedOperationException("Set the parallelism of iteration '" + iteration.getName()
                    + "' on the IterativeDataSet that iterate() returned, not on its result");
        }

        @Override
        LogicalOperator<T> translate(PlanTranslator translator) {
            LogicalOperator<T> initial = translator.translate(iteration.input);
            IterationPlaceholder<T> partialSolution = translator.placeholder(iteration, IterationPlaceholder.Role.PARTIAL_SOLUTION,
                    iteration.getName(), iteration.getType(), iteration.getParallelism());
            LogicalOperator<T> nextPartialSolution = translator.translate(next);
            LogicalOperator<?> criterion = terminationCriterion == null ? null : translator.translate(terminationCriterion);
            return new BulkIterationBase<>(translator.info(iteration, iteration.getType(), java.util.Map.of()), initial, partialSolution,
                    nextPartialSolution, criterion, iteration.maxIterations, iteration.aggregators);
        }
    }
}
