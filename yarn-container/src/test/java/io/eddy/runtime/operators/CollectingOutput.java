package io.eddy.runtime.operators;

import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.streaming.api.OutputTag;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@link Output} that keeps what it receives, copying each {@link StreamRecord} wrapper (the
 * sender reuses it) but not the value, like a chained operator would see it; watermarks and
 * watermark statuses are kept in their own list.
 */
public final class CollectingOutput<T> implements Output<T> {

    private final List<StreamRecord<T>> records = new ArrayList<>();
    private final List<Object> marks = new ArrayList<>();
    /** Record values and marks in arrival order. */
    private final List<Object> sequence = new ArrayList<>();

    @Override
    public void collect(StreamRecord<T> record) {
        records.add(record.copy(record.getValue()));
        sequence.add(record.getValue());
    }

    @Override
    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

    @Override
    public void emitWatermark(Watermark watermark) {
        marks.add(watermark);
        sequence.add(watermark);
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        marks.add(status);
        sequence.add(status);
    }

    /** The watermarks and watermark statuses received, in order. */
    public List<Object> marks() {
        return marks;
    }

    /** The values of the main output and the marks, in the order they arrived. */
    public List<Object> sequence() {
        return sequence;
    }

    public List<StreamRecord<T>> records() {
        return records;
    }

    public List<T> values() {
        List<T> values = new ArrayList<>(records.size());
        for (StreamRecord<T> r : records) {
            values.add(r.getValue());
        }
        return values;
    }

    public void clear() {
        records.clear();
        marks.clear();
        sequence.clear();
    }
}
