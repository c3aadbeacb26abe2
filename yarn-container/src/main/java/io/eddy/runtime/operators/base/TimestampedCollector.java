package io.eddy.runtime.operators.base;

import io.eddy.api.common.functions.Collector;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;

/**
 * The {@link Collector} an operator hands its user function: emits each value with the timestamp
 * of the input record being processed, through one reused {@link StreamRecord} per output (no
 * allocation per record). Task thread only.
 */
public final class TimestampedCollector<T> implements Collector<T> {

    private final Output<T> output;
    private final StreamRecord<T> reuse = new StreamRecord<>(null);
    private final StreamRecord<Object> sideReuse = new StreamRecord<>(null);

    public TimestampedCollector(Output<T> output) {
        this.output = output;
    }

    /** Takes the timestamp (or its absence) of the input record for the values that follow. */
    public void setTimestampFrom(StreamRecord<?> input) {
        reuse.setTimestampFrom(input);
        sideReuse.setTimestampFrom(input);
    }

    /** Gives the values that follow {@code timestamp} (a firing timer's time). */
    public void setTimestamp(long timestamp) {
        reuse.replace(reuse.getValue(), timestamp);
        sideReuse.replace(sideReuse.getValue(), timestamp);
    }

    @Override
    public void collect(T value) {
        output.collect(reuse.replace(value));
    }

    public <X> void collect(OutputTag<X> tag, X value) {
        if (tag == null) {
            throw new NullPointerException("side output tag must not be null");
        }
        output.collect(tag, sideReuse.replace(value));
    }

    @Override
    public void close() {}
}
