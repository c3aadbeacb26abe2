package io.eddy.streaming.api.functions;

import io.eddy.api.common.functions.rich.AbstractRichFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.TimeDomain;
import io.eddy.streaming.api.TimerService;

/**
 * A low-level function on a keyed stream: sees each record with its key and keyed state (through
 * {@code getRuntimeContext().getState(...)}, scoped to the record's key), and may set timers
 * ({@link Context#timerService()}) that call {@link #onTimer} later for that key, in event time
 * (when the watermark passes them) or processing time. Timers are checkpointed with the keyed state.
 */
public abstract class KeyedProcessFunction<K, I, O> extends AbstractRichFunction {

    private static final long serialVersionUID = 1L;

    public abstract void processElement(I value, Context ctx, Collector<O> out) throws Exception;

    /**
     * A timer set through {@link Context#timerService()} fired, with its key as the current key.
     * Values emitted here carry {@code timestamp} as their timestamp. Does nothing by default.
     *
     * @param timestamp the time the timer was set for
     */
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<O> out) throws Exception {}

    /** The context of the record being processed; valid only during the call it is passed to. */
    public abstract class Context {

        /** The record's event timestamp, or null if it has none. */
        public abstract Long timestamp();

        /** The key of the record being processed. */
        public abstract K getCurrentKey();

        /** Emits {@code value} to the side output {@code outputTag}. */
        public abstract <X> void output(OutputTag<X> outputTag, X value);

        /** Current times, and timers for the current key. */
        public abstract TimerService timerService();
    }

    /** The context of a firing timer; {@link #timestamp()} is the timer's time. */
    public abstract class OnTimerContext extends Context {

        /** Whether the timer was an event-time or a processing-time timer. */
        public abstract TimeDomain timeDomain();

        /** The key of the firing timer. */
        @Override
        public abstract K getCurrentKey();
    }
}
