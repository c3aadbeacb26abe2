package io.eddy.streaming.api.graph;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.connector.source.Source;
import io.eddy.jobgraph.OperatorKind;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.StreamIterationKinds;
import io.eddy.streaming.api.OutputTag;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A physical operator of the logical plan: a source, an operator on one or two inputs, or a sink.
 * It becomes one {@link StreamNode} and, after chaining, one {@code OperatorSpec} whose descriptor
 * follows the conventions of its kind (see {@link OperatorKinds}).
 */
public final class OperatorTransformation<T> extends Transformation<T> {

    private OperatorKind kind;
    private final Function userFunction;
    private final List<Transformation<?>> inputs;
    private final List<KeySelector<?, ?>> keySelectors = new ArrayList<>();
    private TypeInfo<?> keyType;
    private final Map<String, TypeInfo<?>> sideOutputTypes = new LinkedHashMap<>();
    private boolean nonParallel;
    private boolean inheritInputParallelism;

    /**
     * @param kind the operator kind with its parameters, e.g. {@link OperatorKinds#MAP}
     * @param userFunction the user function, or null for kinds without one (collect sink)
     * @param inputs the inputs in logical input order: none for a source, two for a co-operator
     * @param outputType the output type; null for a sink, or when it is set later (possibly as missing)
     */
    public OperatorTransformation(String name, OperatorKind kind, Function userFunction, List<Transformation<?>> inputs, TypeInfo<T> outputType) {
        super(name, outputType);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.userFunction = userFunction;
        this.inputs = List.copyOf(inputs);
    }

    public OperatorKind getKind() {
        return kind;
    }

    /**
     * Replaces the kind with another of the same class: for settings made on the operator's stream
     * after the operator was created (a streaming loop's feedback type and memory).
     *
     * @throws IllegalArgumentException if {@code kind} is of another class
     */
    public void setKind(OperatorKind kind) {
        Objects.requireNonNull(kind, "kind");
        if (kind.getClass() != this.kind.getClass()) {
            throw new IllegalArgumentException("Bug: operator '" + getName() + "' of kind " + this.kind.name() + " cannot become "
                    + kind.name() + " (a kind is replaced only by one of its own class)");
        }
        this.kind = kind;
    }

    public Function getUserFunction() {
        return userFunction;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return inputs;
    }

    public boolean isSource() {
        return kind instanceof OperatorKinds.Source;
    }

    public boolean isSink() {
        return kind instanceof OperatorKinds.Sink || kind instanceof OperatorKinds.CollectSink;
    }

    /** Whether the operator emits records: not a sink, nor a streaming loop's tail (which hands its records to the loop's head). */
    public boolean hasOutput() {
        return !isSink() && !(kind instanceof StreamIterationKinds.StreamTail);
    }

    /** Makes the operator keyed: one selector per input, all producing keys of {@code keyType}. */
    public void setKeys(List<KeySelector<?, ?>> selectors, TypeInfo<?> keyType) {
        this.keySelectors.clear();
        this.keySelectors.addAll(selectors);
        this.keyType = Objects.requireNonNull(keyType, "keyType");
    }

    public List<KeySelector<?, ?>> getKeySelectors() {
        return Collections.unmodifiableList(keySelectors);
    }

    /** The key type, or null if the operator is not keyed. */
    public TypeInfo<?> getKeyType() {
        return keyType;
    }

    /**
     * Records that the side output {@code tag} of this operator is read.
     *
     * @throws IllegalArgumentException if the tag's id was read before with another type
     */
    public void registerSideOutput(OutputTag<?> tag) {
        TypeInfo<?> previous = sideOutputTypes.putIfAbsent(tag.getId(), tag.getTypeInfo());
        if (previous != null && !previous.equals(tag.getTypeInfo())) {
            throw new IllegalArgumentException("getSideOutput on operator '" + getName() + "': the side output '" + tag.getId()
                    + "' was read before with type " + previous + " and now with type " + tag.getTypeInfo()
                    + ": use one OutputTag (one id, one type) per side output");
        }
    }

    /** Marks a source that cannot run in parallel: its parallelism is 1 and setting more is an error. */
    public void setNonParallel() {
        this.nonParallel = true;
        setParallelism(1);
    }

    public boolean isNonParallel() {
        return nonParallel;
    }

    /** Whether the operator takes its (single) input's parallelism instead of the environment's default. */
    public boolean inheritsInputParallelism() {
        return inheritInputParallelism;
    }

    public void setInheritInputParallelism(boolean inherit) {
        this.inheritInputParallelism = inherit;
    }

    @Override
    protected void checkSupportedParallelism(int parallelism) {
        if (nonParallel && parallelism != 1) {
            throw new IllegalArgumentException("parallelism of source '" + getName() + "': " + parallelism
                    + " (expected: 1, because its function " + (userFunction == null ? "" : userFunction.getClass().getName() + " ")
                    + (userFunction instanceof Source<?, ?>
                            ? "is a Source whose isParallel() is false; return true from isParallel() to run it in parallel)"
                            : "is not a ParallelSourceFunction; implement ParallelSourceFunction to run it in parallel)"));
        }
    }
}
