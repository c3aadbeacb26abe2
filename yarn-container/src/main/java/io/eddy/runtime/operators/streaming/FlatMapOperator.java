package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.FlatMapFunction;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.operators.base.TimestampedCollector;
import io.eddy.runtime.streamrecord.StreamRecord;

/** {@code FLAT_MAP}: zero or more output values per input value, each with the input's timestamp. */
public final class FlatMapOperator<IN, OUT> extends OneInputOperator<IN, OUT> implements SuperstepAware {

    private final FlatMapFunction<IN, OUT> function;
    private TimestampedCollector<OUT> collector;

    @SuppressWarnings("unchecked")
    public FlatMapOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, FlatMapFunction.class));
    }

    private FlatMapOperator(FlatMapFunction<IN, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void open() throws Exception {
        collector = new TimestampedCollector<>(output);
        super.open();
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        collector.setTimestampFrom(record);
        function.flatMap(record.getValue(), collector);
    }

    /** In a loop: nothing is buffered; the function is closed at the superstep's end. */
    @Override
    public void endSuperstep() throws Exception {
        closeFunctionAtSuperstepEnd();
    }

    /** In a loop: the function is opened again for the new superstep. */
    @Override
    public void startSuperstep(int superstep) throws Exception {
        reopenFunctionForSuperstep();
    }
}
