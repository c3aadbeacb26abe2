package io.eddy.runtime.operators.batch;

import io.eddy.api.common.functions.Collector;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.streamrecord.StreamRecord;

/**
 * The {@link Collector} batch drivers hand their user functions: emits each value without a
 * timestamp through one reused {@link StreamRecord} (no allocation per record). Task thread only.
 */
final class BatchCollector<T> implements Collector<T> {

    private final Output<T> output;
    private final StreamRecord<T> reuse = new StreamRecord<>(null);

    BatchCollector(Output<T> output) {
        this.output = output;
    }

    @Override
    public void collect(T value) {
        output.collect(reuse.replace(value));
    }

    @Override
    public void close() {}
}
