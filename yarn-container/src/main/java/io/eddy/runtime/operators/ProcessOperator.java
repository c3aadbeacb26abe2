package io.eddy.runtime.operators;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.ProcessFunction;

/** {@code PROCESS}: a {@link ProcessFunction} on a non-keyed stream, with the record's timestamp and side outputs. */
public final class ProcessOperator<IN, OUT> extends OneInputOperator<IN, OUT> {

    private final ProcessFunction<IN, OUT> function;
    private TimestampedCollector<OUT> collector;
    private ProcessFunction<IN, OUT>.Context processContext;
    // The record being processed; read by the context during processElement only.
    private StreamRecord<IN> current;

    @SuppressWarnings("unchecked")
    public ProcessOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, ProcessFunction.class));
    }

    private ProcessOperator(ProcessFunction<IN, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void open() throws Exception {
        collector = new TimestampedCollector<>(output);
        processContext = function.new Context() {
            @Override
            public Long timestamp() {
                return current == null ? null : current.getTimestampOrNull();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                collector.collect(outputTag, value);
            }
        };
        super.open();
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        current = record;
        collector.setTimestampFrom(record);
        function.processElement(record.getValue(), processContext, collector);
        current = null;
    }
}
