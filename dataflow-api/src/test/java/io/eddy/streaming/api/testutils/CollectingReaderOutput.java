package io.eddy.streaming.api.testutils;

import io.eddy.api.common.eventtime.Watermark;
import io.eddy.api.connector.source.InputStatus;
import io.eddy.api.connector.source.ReaderOutput;
import io.eddy.api.connector.source.SourceReader;
import java.util.ArrayList;
import java.util.List;

/** A reader output for unit tests of {@code SourceReader}s: keeps the records, ignores watermarks. */
public final class CollectingReaderOutput<T> implements ReaderOutput<T> {

    public final List<T> records = new ArrayList<>();

    /** Polls {@code reader} until it says anything but MORE_AVAILABLE or {@code max} records were collected; returns its last status. */
    public InputStatus drain(SourceReader<T, ?> reader, int max) throws Exception {
        InputStatus status = InputStatus.MORE_AVAILABLE;
        while (status == InputStatus.MORE_AVAILABLE && records.size() < max) {
            status = reader.pollNext(this);
        }
        return status;
    }

    @Override
    public void collect(T record) {
        records.add(record);
    }

    @Override
    public void collect(T record, long timestamp) {
        records.add(record);
    }

    @Override
    public void emitWatermark(Watermark watermark) {}

    @Override
    public void markIdle() {}
}
