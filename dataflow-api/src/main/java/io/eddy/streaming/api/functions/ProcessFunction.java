package io.eddy.streaming.api.functions;

import io.eddy.api.common.functions.rich.AbstractRichFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.TimerService;

/** A low-level function on a non-keyed stream: sees each record with its context and may emit to side outputs. */
public abstract class ProcessFunction<I, O> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void processElement(I value, Context ctx, Collector<O> out) throws Exception;

    /** The context of the record being processed; valid only during the call it is passed to. */
    public abstract class Context {

        /** The record's event timestamp, or null if it has none. */
        public abstract Long timestamp();

        /** Emits {@code value} to the side output {@code outputTag}. */
        public abstract <X> void output(OutputTag<X> outputTag, X value);

        /**
         * The current processing time and watermark. Registering timers throws: timers are scoped
         * to keys; use {@code keyBy(...).process(KeyedProcessFunction)}.
         */
        public abstract TimerService timerService();
    }
}
