package io.eddy.api.java;

import io.eddy.api.common.aggregators.Aggregator;
import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.ConvergenceCriterion;
import io.eddy.api.common.operators.DeltaIterationBase;
import io.eddy.api.common.operators.IterationPlaceholder;
import io.eddy.api.common.operators.Keys;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.KeyGroups;
import java.io.Serializable;
import java.util.Objects;

/**
 * A delta iteration, opened by {@link DataSet#iterateDelta}: the loop body reads {@link
 * #getWorkset()} and {@link #getSolutionSet()} (only in a join or coGroup on the iteration's keys),
 * and {@link #closeWith(DataSet, DataSet)} closes the loop with the solution-set delta and the next
 * workset and returns the final solution set (docs/iterations.md).
 *
 * @param <ST> the type of the solution set
 * @param <WT> the type of the workset
 */
public final class DeltaIteration<ST, WT> {

    private final DataSet<ST> initialSolutionSet;
    private final DataSet<WT> initialWorkset;
    private final Keys keys;
    private final int maxIterations;
    private final AggregatorRegistry aggregators = new AggregatorRegistry();
    private final Placeholder<ST> solutionSet;
    private final Placeholder<WT> workset;
    private String name = "Delta Iteration";
    private int parallelism = OperatorInfo.DEFAULT_PARALLELISM;
    private boolean solutionSetUnManaged;
    private DataSet<ST> result;

    DeltaIteration(DataSet<ST> initialSolutionSet, DataSet<WT> initialWorkset, Keys keys, int maxIterations) {
        if (initialWorkset.getExecutionEnvironment() != initialSolutionSet.getExecutionEnvironment()) {
            throw new IllegalArgumentException("iterateDelta on '" + initialSolutionSet.getName() + "': the workset '"
                    + initialWorkset.getName() + "' comes from another ExecutionEnvironment; build the whole program from one environment");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("iterateDelta on '" + initialSolutionSet.getName() + "': maxIterations " + maxIterations
                    + " (expected: at least 1)");
        }
        this.initialSolutionSet = initialSolutionSet;
        this.initialWorkset = initialWorkset;
        this.keys = Objects.requireNonNull(keys, "keys");
        this.maxIterations = maxIterations;
        this.solutionSet = new Placeholder<>(this, IterationPlaceholder.Role.SOLUTION_SET, initialSolutionSet.getType());
        this.workset = new Placeholder<>(this, IterationPlaceholder.Role.WORKSET, initialWorkset.getType());
    }

    /** The solution set, for the loop body: read it as an input of a join or coGroup on the iteration's keys. */
    public DataSet<ST> getSolutionSet() {
        return solutionSet;
    }

    /** The workset of the current superstep, for the loop body. */
    public DataSet<WT> getWorkset() {
        return workset;
    }

    /**
     * Closes the loop: after each superstep the records of {@code solutionSetDelta} replace the
     * solution-set records with the same key (or are added), and {@code nextWorkset} becomes the
     * workset; the loop ends when it is empty. Returns the final solution set.
     *
     * @throws IllegalStateException if the loop is closed already
     */
    public DataSet<ST> closeWith(DataSet<ST> solutionSetDelta, DataSet<WT> nextWorkset) {
        Objects.requireNonNull(solutionSetDelta, () -> "closeWith of iteration '" + name + "': the solution-set delta is null");
        Objects.requireNonNull(nextWorkset, () -> "closeWith of iteration '" + name + "': the next workset is null");
        if (result != null) {
            throw new IllegalStateException("Iteration '" + name + "' is closed already: call closeWith once per iterateDelta()");
        }
        ExecutionEnvironment environment = initialSolutionSet.getExecutionEnvironment();
        if (solutionSetDelta.getExecutionEnvironment() != environment || nextWorkset.getExecutionEnvironment() != environment) {
            throw new IllegalArgumentException("closeWith of iteration '" + name + "': the data sets come from another"
                    + " ExecutionEnvironment; build the whole program from one environment");
        }
        result = new Result<>(this, solutionSetDelta, nextWorkset);
        return result;
    }

    /** Names the iteration in the plan, errors and logs. */
    public DeltaIteration<ST, WT> name(String newName) {
        if (newName == null || newName.isBlank()) {
            throw new IllegalArgumentException("name of iteration '" + name + "': '" + newName + "' (expected: a non-empty name)");
        }
        this.name = newName;
        return this;
    }

    public String getName() {
        return name;
    }

    /** The parallelism of the iteration's head (and its solution set's partitions). */
    public DeltaIteration<ST, WT> parallelism(int newParallelism) {
        if (newParallelism < 1 || newParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
            throw new IllegalArgumentException("parallelism of iteration '" + name + "': " + newParallelism + " (expected: between 1 and "
                    + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
        }
        this.parallelism = newParallelism;
        return this;
    }

    public int getParallelism() {
        return parallelism;
    }

    /**
     * Keeps the solution set in objects on the heap instead of in managed memory: no serialization
     * per lookup, but garbage-collected memory that is not bounded by the task's memory budget.
     */
    public DeltaIteration<ST, WT> setSolutionSetUnManaged(boolean unManaged) {
        this.solutionSetUnManaged = unManaged;
        return this;
    }

    public boolean isSolutionSetUnManaged() {
        return solutionSetUnManaged;
    }

    public int getMaxIterations() {
        return maxIterations;
    }

    /** The keys of the solution set. */
    public Keys getSolutionSetKeys() {
        return keys;
    }

    /** Registers an aggregator that the loop body's rich functions add to. */
    public DeltaIteration<ST, WT> registerAggregator(String aggregatorName, Aggregator<?> aggregator) {
        aggregators.register(aggregatorName, aggregator);
        return this;
    }

    /** Registers an aggregator and ends the loop after a superstep whose combined aggregate satisfies {@code criterion}. */
    public <X extends Serializable> DeltaIteration<ST, WT> registerAggregationConvergenceCriterion(String aggregatorName,
            Aggregator<X> aggregator, ConvergenceCriterion<X> criterion) {
        aggregators.registerWithConvergenceCriterion(aggregatorName, aggregator, criterion);
        return this;
    }

    public AggregatorRegistry getAggregators() {
        return aggregators;
    }

    /** The solution set or workset as the loop body sees it. */
    private static final class Placeholder<T> extends Operator<T> {

        private final DeltaIteration<?, ?> iteration;
        private final IterationPlaceholder.Role role;

        Placeholder(DeltaIteration<?, ?> iteration, IterationPlaceholder.Role role, TypeInfo<T> type) {
            super(iteration.initialSolutionSet.getExecutionEnvironment(), role == IterationPlaceholder.Role.WORKSET ? "Workset" : "Solution Set",
                    type);
            this.iteration = iteration;
            this.role = role;
        }

        @Override
        protected void checkSupportedParallelism(int newParallelism) {
            throw new UnsupportedOperationException("Set the parallelism of iteration '" + iteration.name
                    + "' on the DeltaIteration (parallelism(n)), not on its " + role.description());
        }

        /** Reached only when something outside the loop reads the placeholder, or the loop was never closed. */
        @Override
        LogicalOperator<T> translate(PlanTranslator translator) {
            if (iteration.result == null) {
                throw new IllegalStateException("Iteration '" + iteration.name + "' is never closed, but its " + role.description()
                        + " is read by " + translator.readers() + ": call closeWith(solutionSetDelta, nextWorkset) on the"
                        + " DeltaIteration that iterateDelta() returned, and use the data set it returns");
            }
            throw new IllegalArgumentException("The " + role.description() + " of iteration '" + iteration.name
                    + "' is read outside its loop, by " + translator.readers() + ": data sets of a loop are used after it only"
                    + " through the data set that closeWith(...) returns; read that one instead");
        }
    }

    /** The data set {@code closeWith} returns: the solution set after the last superstep. */
    private static final class Result<ST, WT> extends Operator<ST> {

        private final DeltaIteration<ST, WT> iteration;
        private final DataSet<ST> delta;
        private final DataSet<WT> nextWorkset;

        Result(DeltaIteration<ST, WT> iteration, DataSet<ST> delta, DataSet<WT> nextWorkset) {
            super(iteration.initialSolutionSet.getExecutionEnvironment(), iteration.name, iteration.initialSolutionSet.getType());
            this.iteration = iteration;
            this.delta = delta;
            this.nextWorkset = nextWorkset;
        }

        @Override
        public String getName() {
            return iteration.name;
        }

        @Override
        public int getParallelism() {
            return iteration.parallelism;
        }

        @Override
        protected void checkSupportedParallelism(int newParallelism) {
            throw new UnsupportedOperationException("Set the parallelism of iteration '" + iteration.name
                    + "' on the DeltaIteration (parallelism(n)), not on its result");
        }

        @Override
        LogicalOperator<ST> translate(PlanTranslator translator) {
            LogicalOperator<ST> solution = translator.translate(iteration.initialSolutionSet);
            LogicalOperator<WT> work = translator.translate(iteration.initialWorkset);
            IterationPlaceholder<ST> solutionSet = translator.placeholder(iteration.solutionSet, IterationPlaceholder.Role.SOLUTION_SET,
                    iteration.name, iteration.solutionSet.getType(), iteration.parallelism);
            IterationPlaceholder<WT> workset = translator.placeholder(iteration.workset, IterationPlaceholder.Role.WORKSET,
                    iteration.name, iteration.workset.getType(), iteration.parallelism);
            LogicalOperator<ST> deltaOperator = translator.translate(delta);
            LogicalOperator<WT> nextWorksetOperator = translator.translate(nextWorkset);
            return new DeltaIterationBase<>(translator.info(this, getType(), java.util.Map.of()), solution, work, iteration.keys,
                    solutionSet, workset, deltaOperator, nextWorksetOperator, iteration.maxIterations, iteration.aggregators,
                    iteration.solutionSetUnManaged);
        }
    }
}
