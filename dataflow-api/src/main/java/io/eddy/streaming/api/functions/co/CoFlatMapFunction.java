package io.eddy.streaming.api.functions.co;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.Function;

/** Turns the records of two connected streams into zero or more records of one output type. */
public interface CoFlatMapFunction<IN1, IN2, OUT> extends Function {

    void flatMap1(IN1 value, Collector<OUT> out) throws Exception;

    void flatMap2(IN2 value, Collector<OUT> out) throws Exception;
}
