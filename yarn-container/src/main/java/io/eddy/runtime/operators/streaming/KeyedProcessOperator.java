package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.typeutils.base.EnumSerializer;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.operators.base.TimestampedCollector;
import io.eddy.runtime.state.VoidNamespace;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.timers.InternalTimer;
import io.eddy.runtime.timers.InternalTimerService;
import io.eddy.runtime.timers.Triggerable;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.TimeDomain;
import io.eddy.streaming.api.TimerService;
import io.eddy.streaming.api.functions.KeyedProcessFunction;

/**
 * {@code KEYED_PROCESS}: a {@link KeyedProcessFunction}. Before each record the operator extracts
 * the record's key and makes it the current key of the keyed state, so the function's state is
 * that of the record's key. The function's timers live in the timer service {@value #TIMER_SERVICE}
 * (namespace {@link VoidNamespace}); when one fires, {@code onTimer} runs with the timer's key
 * current and the timer's time as the timestamp of what it emits.
 */
public final class KeyedProcessOperator<K, IN, OUT> extends OneInputOperator<IN, OUT> implements Triggerable<K, VoidNamespace> {

    static final String TIMER_SERVICE = "user-timers";

    private final KeyedProcessFunction<K, IN, OUT> function;
    private KeySelector<IN, Object> keySelector;
    private TimestampedCollector<OUT> collector;
    private InternalTimerService<VoidNamespace> timers;
    private TimerService userTimers;
    private KeyedProcessFunction<K, IN, OUT>.Context processContext;
    private OnTimerContextImpl timerContext;
    // The record being processed; read by the context during processElement only (its key is the backend's current key).
    private StreamRecord<IN> current;

    @SuppressWarnings("unchecked")
    public KeyedProcessOperator(OperatorDescriptor descriptor) {
        this(requireFunction(descriptor, KeyedProcessFunction.class));
        if (descriptor.keySelectors().size() != 1) {
            throw new IllegalArgumentException("Bug: a keyedProcess operator needs one key selector, its descriptor has "
                    + descriptor.keySelectors().size());
        }
    }

    private KeyedProcessOperator(KeyedProcessFunction<K, IN, OUT> function) {
        super(function);
        this.function = function;
    }

    @Override
    public void open() throws Exception {
        keySelector = keySelector(0);
        collector = new TimestampedCollector<>(output);
        timers = getInternalTimerService(TIMER_SERVICE, new EnumSerializer<>(VoidNamespace.class), this);
        userTimers = new KeyedTimerService(timers);
        processContext = function.new Context() {
            @Override
            public Long timestamp() {
                return current == null ? null : current.getTimestampOrNull();
            }

            @Override
            @SuppressWarnings("unchecked")
            public K getCurrentKey() {
                return (K) getKeyedStateBackend().getCurrentKey();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                collector.collect(outputTag, value);
            }

            @Override
            public TimerService timerService() {
                return userTimers;
            }
        };
        timerContext = new OnTimerContextImpl();
        super.open();
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<IN> record) throws Exception {
        IN value = record.getValue();
        setCurrentKeyOf(record, keySelector);
        current = record;
        collector.setTimestampFrom(record);
        function.processElement(value, processContext, collector);
        current = null;
    }

    @Override
    public void onEventTime(InternalTimer<K, VoidNamespace> timer) throws Exception {
        fire(timer, TimeDomain.EVENT_TIME);
    }

    @Override
    public void onProcessingTime(InternalTimer<K, VoidNamespace> timer) throws Exception {
        fire(timer, TimeDomain.PROCESSING_TIME);
    }

    private void fire(InternalTimer<K, VoidNamespace> timer, TimeDomain domain) throws Exception {
        timerContext.timer = timer;
        timerContext.domain = domain;
        collector.setTimestamp(timer.timestamp());
        function.onTimer(timer.timestamp(), timerContext, collector);
        timerContext.timer = null;
    }

    /** The context of a firing timer. Task thread. */
    private final class OnTimerContextImpl extends KeyedProcessFunction<K, IN, OUT>.OnTimerContext {
        private InternalTimer<K, VoidNamespace> timer;
        private TimeDomain domain;

        OnTimerContextImpl() {
            function.super();
        }

        @Override
        public Long timestamp() {
            return timer == null ? null : timer.timestamp();
        }

        @Override
        public TimeDomain timeDomain() {
            return domain;
        }

        @Override
        public K getCurrentKey() {
            return timer == null ? null : timer.key();
        }

        @Override
        public <X> void output(OutputTag<X> outputTag, X value) {
            collector.collect(outputTag, value);
        }

        @Override
        public TimerService timerService() {
            return userTimers;
        }
    }

    /** The user-facing timer service: the internal one with the void namespace. */
    private record KeyedTimerService(InternalTimerService<VoidNamespace> timers) implements TimerService {
        @Override
        public long currentProcessingTime() {
            return timers.currentProcessingTime();
        }

        @Override
        public long currentWatermark() {
            return timers.currentWatermark();
        }

        @Override
        public void registerProcessingTimeTimer(long time) {
            timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, time);
        }

        @Override
        public void registerEventTimeTimer(long time) {
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, time);
        }

        @Override
        public void deleteProcessingTimeTimer(long time) {
            timers.deleteProcessingTimeTimer(VoidNamespace.INSTANCE, time);
        }

        @Override
        public void deleteEventTimeTimer(long time) {
            timers.deleteEventTimeTimer(VoidNamespace.INSTANCE, time);
        }
    }
}
