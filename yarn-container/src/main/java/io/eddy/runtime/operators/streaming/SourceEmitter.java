package io.eddy.runtime.operators.streaming;

import io.eddy.api.connector.source.ReaderOutput;
import io.eddy.runtime.operators.Output;
import io.eddy.runtime.operators.streaming.ReaderSourceOperator;
import io.eddy.runtime.operators.streaming.SourceOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;

/**
 * How a source operator emits into its chain: records through one reused {@link StreamRecord},
 * watermarks only when they advance, and the idle/active status around them. The output of a
 * {@code Source}'s reader as it is ({@link ReaderSourceOperator}, task thread); a {@code
 * SourceFunction}'s context calls it holding the checkpoint lock ({@link SourceOperator}, source
 * thread). Not thread-safe: one thread at a time, as those callers guarantee.
 */
final class SourceEmitter<T> implements ReaderOutput<T> {

    private final Output<T> output;
    private final StreamRecord<T> reuse = new StreamRecord<>(null);
    /** The last emitted watermark, and whether the source said it is idle. */
    private long lastWatermark = Long.MIN_VALUE;
    private boolean idle;

    SourceEmitter(Output<T> output) {
        this.output = output;
    }

    @Override
    public void collect(T record) {
        if (idle) {
            markActive();
        }
        reuse.eraseTimestamp();
        output.collect(reuse.replace(record));
    }

    @Override
    public void collect(T record, long timestamp) {
        if (idle) {
            markActive();
        }
        output.collect(reuse.replace(record, timestamp));
    }

    @Override
    public void emitWatermark(io.eddy.api.common.eventtime.Watermark watermark) {
        long timestamp = watermark.getTimestamp();
        if (timestamp <= lastWatermark) {
            return;
        }
        if (idle) {
            markActive();
        }
        lastWatermark = timestamp;
        output.emitWatermark(timestamp == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(timestamp));
    }

    @Override
    public void markIdle() {
        if (!idle) {
            idle = true;
            output.emitWatermarkStatus(WatermarkStatus.IDLE);
        }
    }

    private void markActive() {
        idle = false;
        output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
    }
}
