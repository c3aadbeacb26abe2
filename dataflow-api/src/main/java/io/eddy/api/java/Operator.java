package io.eddy.api.java;

import io.eddy.api.common.operators.CompilerHints;
import io.eddy.api.common.operators.LogicalOperator;
import io.eddy.api.common.operators.OperatorInfo;
import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.java.DataSet;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.jobgraph.KeyGroups;
import java.util.Objects;

/**
 * The result of one operation of a program, with the operation's settings: name, parallelism,
 * output type, compiler hints. When the program is complete, {@link PlanTranslator} turns each
 * operator into a {@link LogicalOperator} of the plan.
 *
 * <p>The output type is resolved lazily, as in the streaming API: it is extracted from the
 * function when first needed (by the next operator or a sink) and a failure names the operator
 * as named then and says to add {@code .returns(...)}; so {@code name(...)} and {@code
 * returns(...)} may follow the operation. Not thread-safe: a program is built on one thread.
 */
public abstract class Operator<T> extends DataSet<T> {

    private String name;
    private int parallelism = OperatorInfo.DEFAULT_PARALLELISM;
    private CompilerHints hints = CompilerHints.none();
    private TypeInfo<T> outputType;
    private InvalidTypesException missingTypeFailure;
    private java.util.function.Function<String, TypeInfo<T>> pendingExtraction;
    private boolean outputTypeUsed;

    /** @param outputType the output type, or null if it is set later with {@link #setOutputTypeFrom} */
    protected Operator(ExecutionEnvironment environment, String name, TypeInfo<T> outputType) {
        super(environment);
        this.name = Objects.requireNonNull(name, "name");
        this.outputType = outputType;
    }

    /**
     * The type of the records.
     *
     * @throws InvalidTypesException if it could not be extracted and was not given with {@code returns(...)}
     */
    @Override
    public TypeInfo<T> getType() {
        if (outputType == null && pendingExtraction != null) {
            java.util.function.Function<String, TypeInfo<T>> extraction = pendingExtraction;
            pendingExtraction = null;
            try {
                outputType = Objects.requireNonNull(extraction.apply(name), "Bug: type extraction returned null");
            } catch (InvalidTypesException e) {
                missingTypeFailure = e;
            }
        }
        if (outputType == null) {
            if (missingTypeFailure != null) {
                throw missingTypeFailure;
            }
            throw new IllegalStateException("Bug: operator '" + name + "' has neither an output type nor a type extraction failure");
        }
        outputTypeUsed = true;
        return outputType;
    }

    /** Sets the output type to be extracted when first needed, with the operator's name at that time. */
    protected void setOutputTypeFrom(java.util.function.Function<String, TypeInfo<T>> extraction) {
        this.outputType = null;
        this.missingTypeFailure = null;
        this.pendingExtraction = Objects.requireNonNull(extraction, "extraction");
    }

    /**
     * Gives the output type where it cannot be extracted.
     *
     * @throws IllegalStateException if a downstream operator already used a different type
     */
    protected void setOutputType(TypeInfo<T> type) {
        Objects.requireNonNull(type, "returns: type");
        if (outputTypeUsed && !type.equals(outputType)) {
            throw new IllegalStateException("The output type of operator '" + name + "' (" + outputType
                    + ") was already used by a downstream operator, so it cannot become " + type
                    + ": call returns(...) directly after the operator, before using its result");
        }
        this.outputType = type;
        this.missingTypeFailure = null;
        this.pendingExtraction = null;
    }

    @Override
    public String getName() {
        return name;
    }

    /** Names the operator in the plan, errors, logs and the dashboard. */
    public Operator<T> name(String newName) {
        if (newName == null || newName.isBlank()) {
            throw new IllegalArgumentException("name of operator '" + name + "': '" + newName + "' (expected: a non-empty name)");
        }
        this.name = newName;
        return this;
    }

    /** The parallelism set on this operator, or {@link OperatorInfo#DEFAULT_PARALLELISM}. */
    public int getParallelism() {
        return parallelism;
    }

    /**
     * Sets the operator's parallelism.
     *
     * @throws IllegalArgumentException if below 1 or above {@link KeyGroups#UPPER_BOUND_MAX_PARALLELISM}, naming the operator
     */
    public Operator<T> setParallelism(int newParallelism) {
        if (newParallelism < 1 || newParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
            throw new IllegalArgumentException("parallelism of operator '" + name + "': " + newParallelism + " (expected: between 1 and "
                    + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
        }
        checkSupportedParallelism(newParallelism);
        this.parallelism = newParallelism;
        return this;
    }

    /** Hook for operators that support only some parallelisms. */
    protected void checkSupportedParallelism(int newParallelism) {
    }

    /** Size estimates of this operator's output, for the optimizer ({@code CompilerHints.none().withOutputCardinality(1000)}). */
    public Operator<T> withCompilerHints(CompilerHints compilerHints) {
        this.hints = Objects.requireNonNull(compilerHints, "withCompilerHints: compilerHints");
        return this;
    }

    public CompilerHints getCompilerHints() {
        return hints;
    }

    /** Gives the output type where it cannot be extracted (e.g. a lambda returning a generic type). */
    public Operator<T> returns(Class<T> type) {
        setOutputType(TypeInfo.of(Objects.requireNonNull(type, "returns: type")));
        return this;
    }

    /** Gives a generic output type: {@code returns(new TypeHint<Tuple2<String, Integer>>() {})}. */
    public Operator<T> returns(TypeHint<T> typeHint) {
        setOutputType(Objects.requireNonNull(typeHint, "returns: typeHint").getTypeInfo());
        return this;
    }

    public Operator<T> returns(TypeInfo<T> type) {
        setOutputType(type);
        return this;
    }

    /** The logical operator of this operation; its inputs through {@code translator}, so shared inputs are translated once. */
    abstract LogicalOperator<T> translate(PlanTranslator translator);

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{name='" + name + "'}";
    }
}
