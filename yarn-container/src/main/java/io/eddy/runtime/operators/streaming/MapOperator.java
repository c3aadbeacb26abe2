package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/** {@code MAP}: one output value per input value, with the input's timestamp. */
public final class MapOperator<IN, OUT> extends OneInputOperator<IN, OUT> implements SuperstepAware {

    private final MapFunction<IN, OUT> function;
    private final StreamRecord<OUT> reuse = new StreamRecord<>(null);

    @SuppressWarnings("unchecked")
    public MapOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, MapFunction.class));
    }

    private MapOperator(MapFunction<IN, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        reuse.setTimestampFrom(record);
        output.collect(reuse.replace(function.map(record.getValue())));
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
