package io.eddy.api.common.functions;

/**
 * A batch function whose output may go on after its last input: {@link #finish} is called once
 * after the operator processed all of its input (in a loop: at the end of every superstep), with
 * the operator's output still open, before the function's {@code close()}. Records collected there
 * go downstream like any others.
 *
 * <p>Honoured by the single-input batch drivers: {@code mapPartition}, {@code reduce},
 * {@code reduceGroup} and {@code combineGroup}; not by record-at-a-time operators ({@code map},
 * {@code flatMap}, {@code filter}) nor joins, and not by the combiner the optimizer puts in front of a
 * {@code reduce} or a combinable {@code reduceGroup} (its output has the input's type, not {@code
 * OUT}): the operator the function belongs to calls it. Not called when the operator failed or was cancelled ({@code close()}
 * still is). It exists for functions ported from systems whose reducers emit in their clean-up
 * (Hadoop's {@code Reducer.close()}, {@code cleanup(Context)}); {@code close()} itself has no
 * collector.
 *
 * @param <OUT> the records {@link #finish} collects: the operator's output type
 */
public interface FinishingFunction<OUT> extends Function {

    /** Called once after the last record (or group) of the input, before {@code close()}. */
    void finish(Collector<OUT> out) throws Exception;
}
