package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.FilterFunction;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.SuperstepAware;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;

/** {@code FILTER}: forwards the records the function accepts, unchanged. */
public final class FilterOperator<T> extends OneInputOperator<T, T> implements SuperstepAware {

    private final FilterFunction<T> function;

    @SuppressWarnings("unchecked")
    public FilterOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, FilterFunction.class));
    }

    private FilterOperator(FilterFunction<T> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        if (function.filter(record.getValue())) {
            output.collect(record);
        }
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
