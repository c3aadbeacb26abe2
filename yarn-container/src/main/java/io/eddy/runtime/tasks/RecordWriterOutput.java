package io.eddy.runtime.tasks;

import io.eddy.runtime.io.network.api.RecordWriter;
import io.eddy.runtime.io.network.event.EndOfEventTimeEvent;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.streaming.api.OutputTag;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Sends an operator's records to one output edge: each {@link StreamRecord} (value and timestamp)
 * is serialized by the edge's {@link RecordWriter}, which blocks while the consumers back-pressure.
 * Task thread only.
 */
final class RecordWriterOutput<T> implements Output<T> {

    private final RecordWriter<StreamElement> writer;
    private final String edgeDescription;
    private final TaskIoCounters counters;

    RecordWriterOutput(RecordWriter<StreamElement> writer, String edgeDescription, TaskIoCounters counters) {
        this.writer = writer;
        this.edgeDescription = edgeDescription;
        this.counters = counters;
    }

    @Override
    public void collect(StreamRecord<T> record) {
        try {
            writer.emit(record);
            counters.recordOut();
        } catch (IOException | InterruptedException e) {
            throw writeFailed("a record", e);
        }
    }

    /**
     * Sends the watermark to every subpartition: each consumer subtask combines its channels
     * itself. The final watermark ({@code Long.MAX_VALUE}) goes as an in-band {@link
     * EndOfEventTimeEvent} instead of as an element, so that the consumers' record decoding never
     * meets it (see the event's comment).
     */
    @Override
    public void emitWatermark(Watermark watermark) {
        counters.outputWatermark(watermark.getTimestamp());
        if (watermark.getTimestamp() != Long.MAX_VALUE) {
            broadcast(watermark);
            return;
        }
        try {
            writer.broadcastEvent(EndOfEventTimeEvent.INSTANCE);
        } catch (IOException | InterruptedException e) {
            throw writeFailed("the final watermark", e);
        }
    }

    @Override
    public void emitWatermarkStatus(WatermarkStatus status) {
        broadcast(status);
        // A status change is rare and decides whether consumers may advance event time without this
        // producer: send it now rather than after the buffer timeout.
        writer.flushAll();
    }

    private void broadcast(StreamElement element) {
        try {
            writer.broadcastEmit(element);
        } catch (IOException | InterruptedException e) {
            throw writeFailed(element.toString(), e);
        }
    }

    /** The exception for a failed write of {@code what}; an interruption (the task is being cancelled) keeps the flag set. */
    private RuntimeException writeFailed(String what, Exception e) {
        if (e instanceof InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new TaskInterruptedException("Interrupted while writing " + what + " to " + edgeDescription
                    + " (waiting for a network buffer): the task is being cancelled", interrupted);
        }
        return new UncheckedIOException("Writing " + what + " to " + edgeDescription + " failed: " + e.getMessage(), (IOException) e);
    }

    /** Dropped: this output receives side output records only when nothing consumes them (see {@link RoutingOutput}). */
    @Override
    public <X> void collect(OutputTag<X> tag, StreamRecord<X> record) {}

    RecordWriter<StreamElement> writer() {
        return writer;
    }
}
