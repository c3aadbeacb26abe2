package io.eddy.streaming.api.functions.windowing.impl;

import io.eddy.api.common.functions.AggregateFunction;
import io.eddy.api.common.functions.Collector;
import io.eddy.streaming.api.functions.windowing.ProcessWindowFunction;
import io.eddy.streaming.api.windowing.windows.Window;
import java.util.Collections;
import java.util.Objects;

/**
 * Aggregates all elements of a window, then runs a process window function on the result: a window
 * {@code aggregate} with an evictor, where the elements must be kept.
 */
public final class AggregateApplyWindowFunction<T, ACC, V, OUT, K, W extends Window>
        extends WrappingProcessWindowFunction<T, OUT, K, W, ProcessWindowFunction<V, OUT, K, W>> {

    private static final long serialVersionUID = 1L;

    private final AggregateFunction<T, ACC, V> aggregate;
    private transient ProcessContextBridge<V, OUT, K, W> bridge;

    public AggregateApplyWindowFunction(AggregateFunction<T, ACC, V> aggregate, ProcessWindowFunction<V, OUT, K, W> function) {
        super(function);
        this.aggregate = Objects.requireNonNull(aggregate, "aggregate");
    }

    @Override
    public void process(K key, Context context, Iterable<T> elements, Collector<OUT> out) throws Exception {
        ACC acc = aggregate.createAccumulator();
        for (T element : elements) {
            acc = aggregate.add(element, acc);
        }
        wrapped.process(key, bridge().with(context), Collections.singletonList(aggregate.getResult(acc)), out);
    }

    @Override
    public void clear(Context context) throws Exception {
        wrapped.clear(bridge().with(context));
    }

    private ProcessContextBridge<V, OUT, K, W> bridge() {
        if (bridge == null) {
            bridge = new ProcessContextBridge<>(wrapped);
        }
        return bridge;
    }
}
