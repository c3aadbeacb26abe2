package io.eddy.api.common.functions;

/** Keeps the values for which {@link #filter} is true. */
@FunctionalInterface
public interface FilterFunction<T> extends Function {
    boolean filter(T value) throws Exception;
}
