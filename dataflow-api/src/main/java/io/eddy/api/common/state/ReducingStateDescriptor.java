package io.eddy.api.common.state;

import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import java.util.Objects;

/** Describes a {@link ReducingState}: its name, reduce function and value type. */
public class ReducingStateDescriptor<T> extends StateDescriptor<T> {

    private static final long serialVersionUID = 1L;

    private final ReduceFunction<T> reduceFunction;

    public ReducingStateDescriptor(String name, ReduceFunction<T> reduceFunction, Class<T> type) {
        this(name, reduceFunction, TypeInfo.of(type));
    }

    public ReducingStateDescriptor(String name, ReduceFunction<T> reduceFunction, TypeInfo<T> typeInfo) {
        super(name, typeInfo);
        this.reduceFunction = Objects.requireNonNull(reduceFunction, "reduceFunction");
    }

    public ReduceFunction<T> getReduceFunction() {
        return reduceFunction;
    }
}
