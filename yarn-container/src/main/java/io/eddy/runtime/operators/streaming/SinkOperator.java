package io.eddy.runtime.operators.streaming;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.functions.sink.SinkFunction;

/** {@code SINK}: hands each record to a {@link SinkFunction} with its context; emits nothing. */
public final class SinkOperator<IN> extends OneInputOperator<IN, Object> {

    private final SinkFunction<IN> function;
    // The record being processed; read by the context during processElement only.
    private StreamRecord<IN> current;
    private final SinkFunction.Context sinkContext = () -> current == null ? null : current.getTimestampOrNull();

    @SuppressWarnings("unchecked")
    public SinkOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, SinkFunction.class));
    }

    private SinkOperator(SinkFunction<IN> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        current = record;
        function.invoke(record.getValue(), sinkContext);
        current = null;
    }

    /** The input ended: the sink function writes out and commits what it buffers ({@link SinkFunction#finish()}). */
    @Override
    public void finish() throws Exception {
        super.finish();
        function.finish();
    }
}
