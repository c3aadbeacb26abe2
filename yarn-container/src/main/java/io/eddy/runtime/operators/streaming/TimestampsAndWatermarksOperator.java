package io.eddy.runtime.operators.streaming;

import io.eddy.api.common.eventtime.TimestampAssigner;
import io.eddy.api.common.eventtime.WatermarkGenerator;
import io.eddy.api.common.eventtime.WatermarkOutput;
import io.eddy.api.common.eventtime.WatermarkStrategy;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.runtime.operators.OperatorFailureException;
import io.eddy.runtime.operators.TimerService;
import io.eddy.runtime.operators.base.OneInputOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;

/**
 * {@code TIMESTAMPS_WATERMARKS}: gives each record the timestamp of the strategy's {@link
 * TimestampAssigner}, emits it, and shows it to the {@link WatermarkGenerator} (which may emit a
 * watermark per record); every auto-watermark interval a processing-time timer (a mail on the task
 * thread) calls the generator's {@code onPeriodicEmit}. Only advancing watermarks are emitted.
 *
 * <p>Watermarks from upstream are dropped (this operator defines event time from here on), except
 * the final {@code Long.MAX_VALUE} one at the end of the input, which is forwarded. Upstream
 * watermark statuses are dropped too: idleness here comes from the generator.
 *
 * <p>Task thread only.
 */
public final class TimestampsAndWatermarksOperator<T> extends OneInputOperator<T, T> implements WatermarkOutput {

    private final WatermarkStrategy<T> strategy;
    private final long intervalMillis;
    private TimestampAssigner<T> assigner;
    private WatermarkGenerator<T> generator;
    private final StreamRecord<T> reuse = new StreamRecord<>(null);
    private long lastEmitted = Long.MIN_VALUE;
    private boolean idle;
    private TimerService.Timer periodic;
    private boolean closed;

    @SuppressWarnings("unchecked")
    public TimestampsAndWatermarksOperator(OperatorDescriptor descriptor, OperatorKinds.TimestampsAndWatermarks kind) {
        super(null);
        this.strategy = (WatermarkStrategy<T>) kind.strategy();
        this.intervalMillis = kind.autoWatermarkIntervalMillis();
    }

    @Override
    public void open() throws Exception {
        super.open();
        assigner = strategy.createTimestampAssigner();
        generator = strategy.createWatermarkGenerator();
        if (intervalMillis > 0) {
            periodic = scheduleTimer(intervalMillis, this::onPeriodicEmit);
        }
    }

    @Override
    public void processElement(StreamRecord<T> record) throws Exception {
        T value = record.getValue();
        long previous = record.hasTimestamp() ? record.getTimestamp() : TimestampAssigner.NO_TIMESTAMP;
        long timestamp = assigner.extractTimestamp(value, previous);
        if (idle) {
            markActive();
        }
        output.collect(reuse.replace(value, timestamp));
        generator.onEvent(value, timestamp, this);
    }

    private void onPeriodicEmit() {
        if (closed) {
            return;
        }
        generator.onPeriodicEmit(this);
        periodic = scheduleTimer(intervalMillis, this::onPeriodicEmit);
    }

    /** Forwards only the end-of-input watermark; this operator's generator defines event time. */
    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        if (watermark.getTimestamp() == Long.MAX_VALUE && lastEmitted != Long.MAX_VALUE) {
            lastEmitted = Long.MAX_VALUE;
            if (idle) {
                markActive();
            }
            super.processWatermark(watermark);
        }
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) {}

    // ---- WatermarkOutput, for the generator -------------------------------------------------

    @Override
    public void emitWatermark(io.eddy.api.common.eventtime.Watermark watermark) {
        long timestamp = watermark.getTimestamp();
        if (timestamp <= lastEmitted) {
            return;
        }
        if (idle) {
            markActive();
        }
        lastEmitted = timestamp;
        try {
            super.processWatermark(timestamp == Long.MAX_VALUE ? Watermark.MAX_WATERMARK : new Watermark(timestamp));
        } catch (Exception e) {
            throw OperatorFailureException.wrap(context.nameWithSubtask(), OperatorFailureException.Phase.PROCESSING, e);
        }
    }

    @Override
    public void markIdle() {
        if (!idle) {
            idle = true;
            output.emitWatermarkStatus(WatermarkStatus.IDLE);
        }
    }

    @Override
    public void markActive() {
        if (idle) {
            idle = false;
            output.emitWatermarkStatus(WatermarkStatus.ACTIVE);
        }
    }

    @Override
    public void close() throws Exception {
        closed = true;
        if (periodic != null) {
            periodic.cancel();
            periodic = null;
        }
        super.close();
    }
}
