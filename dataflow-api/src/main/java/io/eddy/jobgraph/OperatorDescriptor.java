package io.eddy.jobgraph;

import io.eddy.api.common.functions.Function;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.io.Serializable;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the runtime needs to instantiate one operator: its kind (which runtime operator
 * implements it, see {@link OperatorKinds}), the user function, the key selectors of keyed inputs,
 * the types of its inputs and output, and kind-specific parameters.
 *
 * <p>Travels Java-serialized inside {@link OperatorSpec#descriptorBytes()}, because it holds user
 * function closures; it is deserialized only on a worker, with the job's user-code class loader.
 */
public final class OperatorDescriptor implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String kind;
    private final Function userFunction;
    private final List<KeySelector<?, ?>> keySelectors;
    private final TypeInfo<?> keyType;
    private final List<TypeInfo<?>> inputTypes;
    private final TypeInfo<?> outputType;
    private final HashMap<String, Serializable> params;

    private OperatorDescriptor(Builder builder) {
        this.kind = Objects.requireNonNull(builder.kind, "kind");
        this.userFunction = builder.userFunction;
        this.keySelectors = List.copyOf(builder.keySelectors);
        this.keyType = builder.keyType;
        this.inputTypes = List.copyOf(builder.inputTypes);
        this.outputType = builder.outputType;
        this.params = new HashMap<>(builder.params);
    }

    public static Builder builder(String kind) {
        return new Builder(kind);
    }

    /** One of {@link OperatorKinds}, or a kind a runtime module registers. */
    public String kind() {
        return kind;
    }

    /** The user function, or null for operators without one. */
    public Function userFunction() {
        return userFunction;
    }

    /** One key selector per keyed input, in input order; empty for operators on non-keyed streams. */
    public List<KeySelector<?, ?>> keySelectors() {
        return keySelectors;
    }

    /** The type of the keys, or null if the operator is not keyed. */
    public TypeInfo<?> keyType() {
        return keyType;
    }

    /** The types of the operator's logical inputs (none for a source, two for a co-operator). */
    public List<TypeInfo<?>> inputTypes() {
        return inputTypes;
    }

    /** The type of the records the operator emits, or null for a sink. */
    public TypeInfo<?> outputType() {
        return outputType;
    }

    public Map<String, Serializable> params() {
        return Collections.unmodifiableMap(params);
    }

    /** The parameter {@code name}, or {@code defaultValue} if it is not set. */
    @SuppressWarnings("unchecked")
    public <T extends Serializable> T param(String name, T defaultValue) {
        Serializable v = params.get(name);
        return v == null ? defaultValue : (T) v;
    }

    @Override
    public String toString() {
        return "OperatorDescriptor{kind=" + kind + ", function=" + (userFunction == null ? null : userFunction.getClass().getName())
                + ", inputs=" + inputTypes + ", output=" + outputType + ", params=" + params.keySet() + "}";
    }

    /** Builds an {@link OperatorDescriptor}. */
    public static final class Builder {
        private final String kind;
        private Function userFunction;
        private final java.util.ArrayList<KeySelector<?, ?>> keySelectors = new java.util.ArrayList<>();
        private TypeInfo<?> keyType;
        private final java.util.ArrayList<TypeInfo<?>> inputTypes = new java.util.ArrayList<>();
        private TypeInfo<?> outputType;
        private final HashMap<String, Serializable> params = new HashMap<>();

        private Builder(String kind) {
            this.kind = kind;
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

        public Builder param(String name, Serializable value) {
            this.params.put(name, value);
            return this;
        }

        public OperatorDescriptor build() {
            return new OperatorDescriptor(this);
        }
    }
}
