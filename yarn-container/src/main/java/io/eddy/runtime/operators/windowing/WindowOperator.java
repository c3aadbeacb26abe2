package io.eddy.runtime.operators.windowing;

import io.eddy.api.common.accumulators.LongCounter;
import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.KeySelector;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.state.HeapKeyedStateBackend;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.timers.InternalTimer;
import io.eddy.runtime.timers.InternalTimerService;
import io.eddy.runtime.timers.Triggerable;
import io.eddy.streaming.api.OutputTag;
import io.eddy.streaming.api.functions.windowing.InternalWindowFunction;
import io.eddy.streaming.api.windowing.WindowSpec;
import io.eddy.streaming.api.windowing.assigners.MergingWindowAssigner;
import io.eddy.streaming.api.windowing.assigners.WindowAssigner;
import io.eddy.streaming.api.windowing.triggers.Trigger;
import io.eddy.streaming.api.windowing.triggers.TriggerResult;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Collection;

/**
 * {@code WINDOW}: a keyed window (docs/windows.md). For each element: set its key, ask the
 * assigner for its windows, drop the windows that are late (their end plus the allowed lateness
 * is at or before the watermark), add the element to the contents of the others (keyed state, the
 * window as namespace) and ask the trigger; FIRE evaluates the window function on the contents,
 * PURGE clears them. Each window also gets a cleanup timer at its end plus the allowed lateness
 * (event time) or at its end (processing time), which removes its contents, trigger state and the
 * function's window state. An element all of whose windows are late goes to the late-data side
 * output, or is dropped and counted ({@code "<operator name>.numLateRecordsDropped"}).
 *
 * <p>Merging assigners (sessions) keep the key's active windows in a {@link MergingWindowSet}; a
 * new window that overlaps others merges with them: contents, trigger state ({@code onMerge}) and
 * timers move to the merge result. Results are emitted with the window's {@code maxTimestamp()}.
 *
 * <pre>
 *   element --assign--> windows --late?--> side output / counter
 *                          \--> contents.add --> trigger.onElement --FIRE--> function --> output
 *   watermark / wall clock --> timers --> trigger.onEventTime / onProcessingTime, cleanup
 * </pre>
 *
 * <p>Thread ownership: everything runs on the task thread (records, watermarks and timer mails),
 * so nothing is locked. Per-record cost over a keyed process operator: the assigner's window
 * list, one state access for the contents, the trigger's timer registration and the cleanup
 * timer registration (both deduplicated by the timer service).
 */
public class WindowOperator<K, IN, ACC, OUT, W extends Window> extends OneInputOperator<IN, OUT> implements Triggerable<K, W> {

    /** The name of the timer service of window operators (its snapshot section is {@code "_timers/window-timers"}). */
    static final String TIMER_SERVICE = "window-timers";
    /** The keyed list state (no namespace) that holds a key's active session windows. */
    static final String WINDOW_SET_STATE = "window-set";

    final InternalWindowFunction<ACC, OUT, K, W> function;
    final WindowAssigner<IN, W> assigner;
    final Trigger<IN, W> trigger;
    final WindowSpec spec;
    private final long allowedLateness;
    private final boolean eventTime;
    private final OutputTag<IN> lateDataTag;

    // Set up in open(); task thread only.
    private KeySelector<IN, Object> keySelector;
    TypeSerializer<W> windowSerializer;
    InternalTimerService<W> timers;
    private WindowContents<IN, ACC, W> contents;
    private WindowTriggerContext<W> triggerContext;
    private WindowFunctionContext<W> functionContext;
    private MergingWindowSet<W> mergingWindows;
    private WindowAssigner.WindowAssignerContext assignerContext;
    private LongCounter lateRecordsDropped;
    private final StreamRecord<Object> lateRecord = new StreamRecord<>(null);
    private final WindowCollector<OUT> collector = new WindowCollector<>();

    @SuppressWarnings("unchecked")
    public WindowOperator(OperatorDescriptor descriptor, OperatorKinds.Window kind) {
        this((InternalWindowFunction<ACC, OUT, K, W>) requireFunction(descriptor, InternalWindowFunction.class), kind.spec());
        if (descriptor.keySelectors().size() != 1) {
            throw new IllegalArgumentException("Bug: a window operator needs one key selector, its descriptor has "
                    + descriptor.keySelectors().size());
        }
    }

    @SuppressWarnings("unchecked")
    WindowOperator(InternalWindowFunction<ACC, OUT, K, W> function, WindowSpec spec) {
        super(function);
        this.function = function;
        this.spec = spec;
        this.assigner = (WindowAssigner<IN, W>) spec.assigner();
        this.trigger = (Trigger<IN, W>) spec.trigger();
        this.allowedLateness = spec.allowedLateness();
        this.eventTime = assigner.isEventTime();
        this.lateDataTag = (OutputTag<IN>) spec.lateDataTag();
    }

    @Override
    public void open() throws Exception {
        super.open();
        keySelector = keySelector(0);
        HeapKeyedStateBackend backend = getKeyedStateBackend();
        windowSerializer = assigner.getWindowType().createSerializer(context.environment().serializerConfig());
        timers = getInternalTimerService(TIMER_SERVICE, windowSerializer, this);
        triggerContext = new WindowTriggerContext<>(backend, windowSerializer, timers);
        functionContext = new WindowFunctionContext<>(backend, windowSerializer, timers, output);
        assignerContext = timers::currentProcessingTime;
        if (assigner instanceof MergingWindowAssigner<?, ?> merging) {
            @SuppressWarnings("unchecked")
            MergingWindowAssigner<?, W> m = (MergingWindowAssigner<?, W>) merging;
            mergingWindows = new MergingWindowSet<>(m, backend.getListState(new ListStateDescriptor<>(WINDOW_SET_STATE, assigner.getWindowType())));
        }
        lateRecordsDropped = getRuntimeContext().getLongCounter(context.name() + ".numLateRecordsDropped");
        collector.output = output;
    }

    /** The contents scoped to {@code window}; created on first use (the state needs a namespace). */
    final WindowContents<IN, ACC, W> contents(W window) {
        if (contents == null) {
            contents = WindowContents.create(getKeyedStateBackend(), spec.contentsDescriptor(), windowSerializer, window, spec.evictor() != null);
        }
        contents.setWindow(window);
        return contents;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void processElement(StreamRecord<IN> record) throws Exception {
        setCurrentKeyOf(record, keySelector);
        K key = (K) getKeyedStateBackend().getCurrentKey();
        long timestamp = record.hasTimestamp() ? record.getTimestamp() : Long.MIN_VALUE;
        Collection<W> windows = assigner.assignWindows(record.getValue(), timestamp, assignerContext);
        boolean allLate = mergingWindows == null ? addToWindows(key, record, timestamp, windows)
                : addToMergingWindows(key, record, timestamp, windows);
        if (allLate) {
            onLateElement(record);
        }
    }

    /** Adds the record to each of its windows that is not late; returns whether all were late. */
    private boolean addToWindows(K key, StreamRecord<IN> record, long timestamp, Collection<W> windows) throws Exception {
        boolean allLate = true;
        for (W window : windows) {
            if (isWindowLate(window)) {
                continue;
            }
            allLate = false;
            addAndTrigger(key, window, record, timestamp);
        }
        return allLate;
    }

    private boolean addToMergingWindows(K key, StreamRecord<IN> record, long timestamp, Collection<W> windows) throws Exception {
        mergingWindows.load();
        boolean allLate = true;
        for (W window : windows) {
            W actual = mergingWindows.addWindow(window, this::mergeWindows);
            if (isWindowLate(actual)) {
                mergingWindows.retire(actual);
                continue;
            }
            allLate = false;
            addAndTrigger(key, actual, record, timestamp);
        }
        mergingWindows.persist();
        return allLate;
    }

    private void addAndTrigger(K key, W window, StreamRecord<IN> record, long timestamp) throws Exception {
        WindowContents<IN, ACC, W> windowContents = contents(window);
        windowContents.add(record);
        TriggerResult result = trigger.onElement(record.getValue(), timestamp, window, triggerContext.window(window));
        act(key, window, result);
        registerCleanupTimer(window);
    }

    /** Carries out a trigger's decision for {@code window} of {@code key}. */
    private void act(K key, W window, TriggerResult result) throws Exception {
        if (result.isFire()) {
            WindowContents<IN, ACC, W> windowContents = contents(window);
            ACC windowContentsValue = windowContents.get();
            if (windowContentsValue != null) {
                emitWindowContents(key, window, windowContentsValue);
            }
        }
        if (result.isPurge()) {
            contents(window).clear();
        }
    }

    /** Evaluates the window function on {@code value}, the (non-empty) contents of {@code window}. */
    void emitWindowContents(K key, W window, ACC value) throws Exception {
        evaluate(key, window, value);
    }

    /** Calls the window function on {@code input}, which is of the function's input type. */
    @SuppressWarnings("unchecked")
    final void evaluate(K key, W window, Object input) throws Exception {
        collector.timestamp = window.maxTimestamp();
        ((InternalWindowFunction<Object, OUT, K, W>) (InternalWindowFunction<?, OUT, K, W>) function).process(key, window,
                functionContext.window(window), input, collector);
    }

    /** Merges the contents, trigger state and timers of {@code merged} into {@code result}. */
    private void mergeWindows(W result, Collection<W> merged) throws Exception {
        if (eventTime && cleanupTime(result) <= timers.currentWatermark()) {
            throw new IllegalStateException("Operator '" + context.nameWithSubtask() + "': merging windows " + merged + " gave " + result
                    + ", which ends before the current watermark " + timers.currentWatermark()
                    + "; a merging assigner must not shrink windows");
        }
        if (!merged.isEmpty()) {
            contents(result).merge(result, merged);
        }
        trigger.onMerge(result, triggerContext.merging(result, merged));
        for (W window : merged) {
            trigger.clear(window, triggerContext.window(window));
            deleteCleanupTimer(window);
        }
    }

    private void onLateElement(StreamRecord<IN> record) {
        if (lateDataTag != null) {
            lateRecord.setTimestampFrom(record);
            output.collect(lateDataTag, lateRecord.replace(record.getValue()));
        } else {
            lateRecordsDropped.add(1L);
        }
    }

    // ---- timers ----------------------------------------------------------------------------

    @Override
    public void onEventTime(InternalTimer<K, W> timer) throws Exception {
        onTimer(timer, true);
    }

    @Override
    public void onProcessingTime(InternalTimer<K, W> timer) throws Exception {
        onTimer(timer, false);
    }

    private void onTimer(InternalTimer<K, W> timer, boolean eventTimeTimer) throws Exception {
        K key = timer.key();
        W window = timer.namespace();
        if (mergingWindows != null) {
            mergingWindows.load();
            if (!mergingWindows.contains(window)) {
                return; // the window was merged into another or removed: its timers are stale
            }
        }
        triggerContext.window(window);
        TriggerResult result = eventTimeTimer ? trigger.onEventTime(timer.timestamp(), window, triggerContext)
                : trigger.onProcessingTime(timer.timestamp(), window, triggerContext);
        act(key, window, result);
        if (eventTimeTimer == eventTime && timer.timestamp() == cleanupTime(window)) {
            clearWindow(key, window);
        }
        if (mergingWindows != null) {
            mergingWindows.persist();
        }
    }

    /** Removes everything of {@code window}: contents, trigger state and timers, the function's window state, its place in the merging set. */
    private void clearWindow(K key, W window) throws Exception {
        contents(window).clear();
        trigger.clear(window, triggerContext.window(window));
        function.clear(key, window, functionContext.window(window));
        if (mergingWindows != null) {
            mergingWindows.retire(window);
        }
    }

    /** The time at which {@code window} is removed: its end plus the allowed lateness (event time), its end (processing time). */
    final long cleanupTime(W window) {
        long end = window.maxTimestamp();
        if (!eventTime) {
            return end;
        }
        long cleanup = end + allowedLateness;
        return cleanup >= end ? cleanup : Long.MAX_VALUE;
    }

    final boolean isWindowLate(W window) {
        return eventTime && cleanupTime(window) <= timers.currentWatermark();
    }

    private void registerCleanupTimer(W window) {
        long time = cleanupTime(window);
        if (time == Long.MAX_VALUE) {
            return; // never removed (the global window)
        }
        if (eventTime) {
            timers.registerEventTimeTimer(window, time);
        } else {
            timers.registerProcessingTimeTimer(window, time);
        }
    }

    private void deleteCleanupTimer(W window) {
        long time = cleanupTime(window);
        if (time == Long.MAX_VALUE) {
            return;
        }
        if (eventTime) {
            timers.deleteEventTimeTimer(window, time);
        } else {
            timers.deleteProcessingTimeTimer(window, time);
        }
    }

    /** Emits results with the timestamp of the window being evaluated, through one reused record. */
    static final class WindowCollector<T> implements Collector<T> {
        private final StreamRecord<T> reuse = new StreamRecord<>(null);
        io.eddy.runtime.operators.Output<T> output;
        long timestamp;

        @Override
        public void collect(T value) {
            output.collect(reuse.replace(value, timestamp));
        }

        @Override
        public void close() {}
    }
}
