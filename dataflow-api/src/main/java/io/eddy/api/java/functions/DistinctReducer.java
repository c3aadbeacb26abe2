package io.eddy.api.java.functions;

import io.eddy.api.common.functions.ReduceFunction;

/** The function of {@code distinct}: of records with equal keys, the first one met is kept. */
public final class DistinctReducer<T> implements ReduceFunction<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public T reduce(T value1, T value2) {
        return value1;
    }
}
