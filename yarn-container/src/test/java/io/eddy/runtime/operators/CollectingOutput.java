package io.eddy.runtime.operators;

import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.streaming.api.OutputTag;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@link Output} that keeps what it receives, copying each {@link StreamRecord} wrapper (the
 * sender reuses it) but not the value, like a chained operator would see it.
 */
public final class CollectingOutput<T> implements Output<T> {

    private final List<StreamRecord<T>> records = new ArrayList<>();

    @Override
    public void collect(StreamRecord<T> record) {
        records.add(record.copy(record.getValue()));
    }

    @Override
    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

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
    }
}
