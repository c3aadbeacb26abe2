package io.eddy.api.common.functions;

/**
 * Pre-aggregates a part of a group: called on whatever part of a group is at hand (for example
 * the records of one sorted buffer), possibly several times per key, before the data is shipped.
 * A {@link GroupReduceFunction} that also implements this interface is <em>combinable</em>: its
 * combine output type must then equal its input type. The iterable may be traversed once only.
 */
@FunctionalInterface
public interface GroupCombineFunction<IN, OUT> extends Function {
    void combine(Iterable<IN> values, Collector<OUT> out) throws Exception;
}
