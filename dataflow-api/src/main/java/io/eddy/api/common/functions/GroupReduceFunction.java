package io.eddy.api.common.functions;

/**
 * Turns a group of values (all values of one key, or the whole data set) into zero or more values.
 * The iterable may be traversed once only; values may be reused objects, so copy a value that must
 * outlive the next call of the iterator.
 */
@FunctionalInterface
public interface GroupReduceFunction<IN, OUT> extends Function {
    void reduce(Iterable<IN> values, Collector<OUT> out) throws Exception;
}
