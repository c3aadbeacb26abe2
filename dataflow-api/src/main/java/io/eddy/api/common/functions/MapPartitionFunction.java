package io.eddy.api.common.functions;

/**
 * Turns all values of one parallel partition into zero or more values; called once per subtask.
 * The iterable may be traversed once only.
 */
@FunctionalInterface
public interface MapPartitionFunction<IN, OUT> extends Function {
    void mapPartition(Iterable<IN> values, Collector<OUT> out) throws Exception;
}
