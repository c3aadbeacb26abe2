package io.eddy.api.common.operators;

import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What every logical operator has: its id in the plan (creation order, inputs first), name,
 * parallelism, output type, compiler hints and broadcast inputs. Immutable; the {@code with*}
 * methods return changed copies.
 *
 * @param <OUT> the output type (a sink has none: null)
 */
public final class OperatorInfo<OUT> {

    /** Parallelism value meaning "the plan's default parallelism". */
    public static final int DEFAULT_PARALLELISM = -1;

    private final int id;
    private final String name;
    private final TypeInfo<OUT> outputType;
    private final int parallelism;
    private final CompilerHints hints;
    private final Map<String, LogicalOperator<?>> broadcastInputs;

    private OperatorInfo(int id, String name, TypeInfo<OUT> outputType, int parallelism, CompilerHints hints,
            Map<String, LogicalOperator<?>> broadcastInputs) {
        this.id = id;
        this.name = Objects.requireNonNull(name, "name");
        this.outputType = outputType;
        this.parallelism = parallelism;
        this.hints = Objects.requireNonNull(hints, "hints");
        this.broadcastInputs = broadcastInputs;
    }

    /** @param outputType the output type, or null for a sink */
    public static <OUT> OperatorInfo<OUT> of(int id, String name, TypeInfo<OUT> outputType) {
        return new OperatorInfo<>(id, name, outputType, DEFAULT_PARALLELISM, CompilerHints.none(), Map.of());
    }

    /** @param parallelism >= 1, or {@link #DEFAULT_PARALLELISM} */
    public OperatorInfo<OUT> withParallelism(int parallelism) {
        if (parallelism < 1 && parallelism != DEFAULT_PARALLELISM) {
            throw new IllegalArgumentException("parallelism of operator '" + name + "': " + parallelism + " (expected: >= 1, or -1 for the default)");
        }
        return new OperatorInfo<>(id, name, outputType, parallelism, hints, broadcastInputs);
    }

    public OperatorInfo<OUT> withHints(CompilerHints hints) {
        return new OperatorInfo<>(id, name, outputType, parallelism, hints, broadcastInputs);
    }

    /** @param inputs the broadcast inputs by the name under which the function reads them */
    public OperatorInfo<OUT> withBroadcastInputs(Map<String, LogicalOperator<?>> inputs) {
        return new OperatorInfo<>(id, name, outputType, parallelism, hints, Collections.unmodifiableMap(new LinkedHashMap<>(inputs)));
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public TypeInfo<OUT> outputType() {
        return outputType;
    }

    public int parallelism() {
        return parallelism;
    }

    public CompilerHints hints() {
        return hints;
    }

    public Map<String, LogicalOperator<?>> broadcastInputs() {
        return broadcastInputs;
    }
}
