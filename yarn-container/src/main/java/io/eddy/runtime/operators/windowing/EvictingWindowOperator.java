package io.eddy.runtime.operators.windowing;

import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.streaming.api.functions.windowing.InternalWindowFunction;
import io.eddy.streaming.api.windowing.evictors.TimestampedValue;
import io.eddy.streaming.api.windowing.WindowSpec;
import io.eddy.streaming.api.windowing.evictors.Evictor;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link WindowOperator} with an {@link Evictor}: the window keeps all its elements with their
 * timestamps (list state of {@link TimestampedValue}s); when it fires, the evictor removes
 * elements before the function sees them and/or after, and what is left is written back. The
 * function always gets the elements (the API puts an incremental reduce or aggregate into it).
 * Task thread only.
 */
public final class EvictingWindowOperator<K, IN, OUT, W extends Window> extends WindowOperator<K, IN, Iterable<TimestampedValue<IN>>, OUT, W> {

    private final Evictor<IN, W> evictor;
    private Evictor.EvictorContext evictorContext;

    @SuppressWarnings("unchecked")
    public EvictingWindowOperator(OperatorDescriptor descriptor, OperatorKinds.Window kind) {
        this((InternalWindowFunction<Iterable<IN>, OUT, K, W>) requireFunction(descriptor, InternalWindowFunction.class), kind.spec());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private EvictingWindowOperator(InternalWindowFunction<Iterable<IN>, OUT, K, W> function, WindowSpec spec) {
        super((InternalWindowFunction) function, spec);
        this.evictor = (Evictor<IN, W>) spec.evictor();
        if (evictor == null) {
            throw new IllegalArgumentException("Bug: an evicting window operator without an evictor");
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        evictorContext = new Evictor.EvictorContext() {
            @Override
            public long getCurrentProcessingTime() {
                return timers.currentProcessingTime();
            }

            @Override
            public long getCurrentWatermark() {
                return timers.currentWatermark();
            }
        };
    }

    @Override
    void emitWindowContents(K key, W window, Iterable<TimestampedValue<IN>> value) throws Exception {
        List<TimestampedValue<IN>> elements = new ArrayList<>();
        value.forEach(elements::add);
        int before = elements.size();
        evictor.evictBefore(elements, elements.size(), window, evictorContext);
        List<IN> values = new AbstractList<>() {
            @Override
            public IN get(int index) {
                return elements.get(index).getValue();
            }

            @Override
            public int size() {
                return elements.size();
            }
        };
        if (!elements.isEmpty()) {
            evaluate(key, window, values);
        }
        evictor.evictAfter(elements, elements.size(), window, evictorContext);
        if (elements.size() != before) {
            contents(window).updateTimestamped(elements);
        }
    }
}
