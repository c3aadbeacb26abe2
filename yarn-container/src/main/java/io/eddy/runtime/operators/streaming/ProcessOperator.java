package io.eddy.runtime.operators.streaming;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.operators.base.TimestampedCollector;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.TimerService;
import io.eddy.streaming.api.functions.ProcessFunction;

/**
 * {@code PROCESS}: a {@link ProcessFunction} on a non-keyed stream, with the record's timestamp,
 * side outputs and the current processing time and watermark (no timers: they need keys).
 */
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

            @Override
            public TimerService timerService() {
                return currentTimes;
            }
        };
        super.open();
    }

    /** Current times only: a non-keyed stream has no timers. */
    private final TimerService currentTimes = new TimerService() {
        @Override
        public long currentProcessingTime() {
            return context.environment().timerService().currentTimeMillis();
        }

        @Override
        public long currentWatermark() {
            return ProcessOperator.this.currentWatermark();
        }

        @Override
        public void registerProcessingTimeTimer(long time) {
            throw noTimers();
        }

        @Override
        public void registerEventTimeTimer(long time) {
            throw noTimers();
        }

        @Override
        public void deleteProcessingTimeTimer(long time) {
            throw noTimers();
        }

        @Override
        public void deleteEventTimeTimer(long time) {
            throw noTimers();
        }

        private UnsupportedOperationException noTimers() {
            return new UnsupportedOperationException("Operator '" + context.nameWithSubtask() + "': timers are only available on keyed "
                    + "streams (they are scoped to a key). Use stream.keyBy(...).process(KeyedProcessFunction) to set timers.");
        }
    };

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        current = record;
        collector.setTimestampFrom(record);
        function.processElement(record.getValue(), processContext, collector);
        current = null;
    }
}
