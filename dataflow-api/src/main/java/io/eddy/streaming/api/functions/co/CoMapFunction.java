package io.eddy.streaming.api.functions.co;

import io.eddy.api.common.functions.Function;

/** Maps the records of two connected streams to one output type: {@link #map1} for the first, {@link #map2} for the second. */
public interface CoMapFunction<IN1, IN2, OUT> extends Function {

    OUT map1(IN1 value) throws Exception;

    OUT map2(IN2 value) throws Exception;
}
