package io.eddy.jobgraph;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the runtime needs to instantiate one operator: its {@link OperatorKind} (which runtime
 * operator implements it, with that kind's typed parameters), the user function, the key selectors
 * of keyed inputs, the types of its inputs and output, the names of its broadcast variables, and its
 * share of the slot's managed memory.
 *
 * <p>Travels Java-serialized inside {@link OperatorSpec#descriptorBytes()}, because it holds user
 * function closures; it is deserialized only with the job's user-code class loader.
 *
 * @param kind the operator kind and its parameters
 * @param userFunction the user function, or null for operators without one
 * @param keySelectors one key selector per keyed input, in input order; empty for operators on
 *     non-keyed inputs
 * @param keyType the type of the keys, or null if the operator is not keyed
 * @param inputTypes the types of the operator's logical inputs (none for a source, two for a
 *     two-input operator)
 * @param outputType the type of the records the operator emits, or null for a sink
 * @param broadcastNames the names of the broadcast variables of the operator, by index: the
 *     {@link EdgeRole#BROADCAST} edge with target input i carries variable i
 * @param memoryFraction the operator's share in (0, 1] of its slot's managed memory, or 0 if it
 *     takes none
 */
public record OperatorDescriptor(
        OperatorKind kind,
        Function userFunction,
        List<KeySelector<?, ?>> keySelectors,
        TypeInfo<?> keyType,
        List<TypeInfo<?>> inputTypes,
        TypeInfo<?> outputType,
        List<String> broadcastNames,
        double memoryFraction) implements Serializable {

    public OperatorDescriptor {
        Objects.requireNonNull(kind, "kind");
        keySelectors = List.copyOf(keySelectors);
        inputTypes = List.copyOf(inputTypes);
        broadcastNames = List.copyOf(broadcastNames);
        if (!(memoryFraction >= 0 && memoryFraction <= 1)) {
            throw new IllegalArgumentException("Bug: the memory fraction of a " + kind.name() + " operator is " + memoryFraction
                    + " (expected: 0 for none, or in (0, 1])");
        }
    }

    public static Builder builder(OperatorKind kind) {
        return new Builder(kind);
    }


    /**
     * The kind as {@code type}, for a reader that found the operator by its kind's name (the master
     * reading a batch source's format or a collect sink's id).
     *
     * @throws IllegalArgumentException if the kind is another one
     */
    public <K extends OperatorKind> K kindAs(Class<K> type) {
        if (!type.isInstance(kind)) {
            throw new IllegalArgumentException("Bug: an operator of kind '" + kind.name() + "' (" + kind.getClass().getName()
                    + ") was handed to a runtime operator for " + type.getName());
        }
        return type.cast(kind);
    }

    @Override
    public String toString() {
        return "OperatorDescriptor{kind=" + kind + ", function=" + (userFunction == null ? null : userFunction.getClass().getName())
                + ", inputs=" + inputTypes + ", output=" + outputType + (broadcastNames.isEmpty() ? "" : ", broadcast=" + broadcastNames)
                + (memoryFraction == 0 ? "" : ", memory=" + memoryFraction) + "}";
    }

    /** Builds an {@link OperatorDescriptor}. */
    public static final class Builder {
        private OperatorKind kind;
        private Function userFunction;
        private final List<KeySelector<?, ?>> keySelectors = new ArrayList<>();
        private TypeInfo<?> keyType;
        private final List<TypeInfo<?>> inputTypes = new ArrayList<>();
        private TypeInfo<?> outputType;
        private List<String> broadcastNames = List.of();
        private double memoryFraction;

        private Builder(OperatorKind kind) {
            this.kind = Objects.requireNonNull(kind, "kind");
        }

        public Builder kind(OperatorKind kind) {
            this.kind = Objects.requireNonNull(kind, "kind");
            return this;
        }

        public Builder userFunction(Function function) {
            this.userFunction = function;
            return this;
        }

        public Builder keySelector(KeySelector<?, ?> selector) {
            this.keySelectors.add(Objects.requireNonNull(selector, "selector"));
            return this;
        }

        public Builder keyType(TypeInfo<?> type) {
            this.keyType = type;
            return this;
        }

        public Builder inputType(TypeInfo<?> type) {
            this.inputTypes.add(Objects.requireNonNull(type, "type"));
            return this;
        }

        public Builder outputType(TypeInfo<?> type) {
            this.outputType = type;
            return this;
        }

        public Builder broadcastNames(List<String> names) {
            this.broadcastNames = List.copyOf(names);
            return this;
        }

        public Builder memoryFraction(double fraction) {
            this.memoryFraction = fraction;
            return this;
        }

        public OperatorDescriptor build() {
            return new OperatorDescriptor(kind, userFunction, keySelectors, keyType, inputTypes, outputType, broadcastNames, memoryFraction);
        }
    }
}
