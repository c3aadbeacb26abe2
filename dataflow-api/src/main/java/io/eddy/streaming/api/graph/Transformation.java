package io.eddy.streaming.api.graph;

import io.eddy.api.common.typeutils.InvalidTypesException;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.jobgraph.KeyGroups;
import io.eddy.translation.ChainingStrategy;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A node of the API's logical plan: what a {@code DataStream} method created. Physical operators
 * are {@link OperatorTransformation}s; {@link PartitionTransformation}, {@link UnionTransformation}
 * and {@link SideOutputTransformation} are virtual: they only shape the edges between operators.
 * {@link StreamGraphGenerator} turns the transformations into a {@link StreamGraph}.
 *
 * <p>The output type is resolved lazily: the type extraction of an operator runs when the type is
 * first needed (by the next operator, a sink, or translation) and a failure is thrown then, naming
 * the operator as named at that time, so that {@code .returns(...)} and {@code name(...)} can
 * still be called after the operator.
 *
 * <p>Not thread-safe: built and translated on the thread that writes the program.
 */
public abstract class Transformation<T> {

    /** Parallelism value meaning "the environment's default". */
    public static final int DEFAULT_PARALLELISM = -1;

    private String name;
    private String uid;
    private int parallelism = DEFAULT_PARALLELISM;
    private int maxParallelism = DEFAULT_PARALLELISM;
    private ChainingStrategy chainingStrategy = ChainingStrategy.ALWAYS;
    private TypeInfo<T> outputType;
    private RuntimeException missingTypeFailure;
    private Function<String, TypeInfo<T>> pendingExtraction;
    private boolean outputTypeUsed;

    protected Transformation(String name, TypeInfo<T> outputType) {
        this.name = Objects.requireNonNull(name, "name");
        this.outputType = outputType;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name of operator '" + this.name + "': '" + name + "' (expected: a non-empty name)");
        }
        this.name = name;
    }

    /** The user-given stable id, or null. */
    public String getUid() {
        return uid;
    }

    public void setUid(String uid) {
        if (uid == null || uid.isBlank()) {
            throw new IllegalArgumentException("uid of operator '" + name + "': '" + uid + "' (expected: a non-empty id, unique in the job)");
        }
        this.uid = uid;
    }

    /** The parallelism set on this transformation, or {@link #DEFAULT_PARALLELISM}. */
    public int getParallelism() {
        return parallelism;
    }

    /**
     * Sets the parallelism.
     *
     * @throws IllegalArgumentException if it is below 1, above the maximum parallelism, or above
     *     what the operator supports; the message names the operator
     */
    public void setParallelism(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism of operator '" + name + "': " + parallelism + " (expected: >= 1)");
        }
        int max = maxParallelism == DEFAULT_PARALLELISM ? KeyGroups.UPPER_BOUND_MAX_PARALLELISM : maxParallelism;
        if (parallelism > max) {
            throw new IllegalArgumentException("parallelism of operator '" + name + "': " + parallelism + " (expected: <= its max parallelism "
                    + max + "; raise it with setMaxParallelism(...) first)");
        }
        checkSupportedParallelism(parallelism);
        this.parallelism = parallelism;
    }

    /** Hook for operators that support only some parallelisms (a non-parallel source). */
    protected void checkSupportedParallelism(int parallelism) {}

    /** The maximum parallelism set on this transformation, or {@link #DEFAULT_PARALLELISM}. */
    public int getMaxParallelism() {
        return maxParallelism;
    }

    public void setMaxParallelism(int maxParallelism) {
        if (maxParallelism < 1 || maxParallelism > KeyGroups.UPPER_BOUND_MAX_PARALLELISM) {
            throw new IllegalArgumentException("max parallelism of operator '" + name + "': " + maxParallelism
                    + " (expected: between 1 and " + KeyGroups.UPPER_BOUND_MAX_PARALLELISM + ")");
        }
        if (parallelism != DEFAULT_PARALLELISM && maxParallelism < parallelism) {
            throw new IllegalArgumentException("max parallelism of operator '" + name + "': " + maxParallelism
                    + " (expected: >= its parallelism " + parallelism + ")");
        }
        this.maxParallelism = maxParallelism;
    }

    public ChainingStrategy getChainingStrategy() {
        return chainingStrategy;
    }

    public void setChainingStrategy(ChainingStrategy chainingStrategy) {
        this.chainingStrategy = Objects.requireNonNull(chainingStrategy, "chainingStrategy");
    }

    /**
     * The output type.
     *
     * @throws RuntimeException the deferred type extraction failure (naming the operator and
     *     {@code .returns(...)}) if the type could not be extracted and was not given
     */
    public TypeInfo<T> getOutputType() {
        resolvePendingExtraction();
        if (outputType == null) {
            if (missingTypeFailure != null) {
                throw missingTypeFailure;
            }
            throw new IllegalStateException("Bug: operator '" + name + "' has neither an output type nor a type extraction failure");
        }
        outputTypeUsed = true;
        return outputType;
    }

    private void resolvePendingExtraction() {
        if (outputType == null && pendingExtraction != null) {
            Function<String, TypeInfo<T>> extraction = pendingExtraction;
            pendingExtraction = null;
            try {
                outputType = Objects.requireNonNull(extraction.apply(name), "Bug: type extraction returned null");
            } catch (InvalidTypesException e) {
                missingTypeFailure = e;
            }
        }
    }

    /**
     * Sets the output type ({@code .returns(...)}).
     *
     * @throws IllegalStateException if a downstream operator already used a different output type
     */
    public void setOutputType(TypeInfo<T> type) {
        Objects.requireNonNull(type, "type");
        if (outputTypeUsed && !type.equals(outputType)) {
            throw new IllegalStateException("The output type of operator '" + name + "' (" + outputType
                    + ") was already used by a downstream operator, so it cannot become " + type
                    + ": call returns(...) directly after the operator, before using its result");
        }
        this.outputType = type;
        this.missingTypeFailure = null;
        this.pendingExtraction = null;
    }

    /**
     * Sets the output type to be extracted when it is first needed, with the operator's name at
     * that time (so a later {@code name(...)} shows in the error). If the extraction fails with an
     * {@link InvalidTypesException}, {@link #getOutputType()} throws it; {@code .returns(...)}
     * before that replaces the extraction.
     */
    public void setOutputTypeFrom(Function<String, TypeInfo<T>> extraction) {
        this.outputType = null;
        this.missingTypeFailure = null;
        this.pendingExtraction = Objects.requireNonNull(extraction, "extraction");
    }

    /** The transformations this one reads from, in input order. */
    public abstract List<Transformation<?>> getInputs();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{name='" + name + "', parallelism=" + parallelism + "}";
    }
}
