package io.eddy.runtime.operators;

import io.eddy.runtime.operators.base.AbstractStreamOperator;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;

/**
 * One logical input of an operator. Called on the task thread only.
 *
 * <p>The record is valid only during the call and is read-only for the receiver: the sender may
 * reuse the instance for its next record.
 *
 * <p>Watermarks and watermark statuses arrive already combined over the input's channels (see
 * {@code StatusWatermarkValve}): only advancing watermarks, and a status only when it changes. An
 * input without event time (a broadcast-variable collector) ignores them: the defaults do nothing.
 * Operators implement them in {@link AbstractStreamOperator}.
 */
@FunctionalInterface
public interface Input<T> {

    void processElement(StreamRecord<T> record) throws Exception;

    /** The event time of this input advanced to {@code watermark}. */
    default void processWatermark(Watermark watermark) throws Exception {}

    /** This input became idle or active again. */
    default void processWatermarkStatus(WatermarkStatus status) throws Exception {}
}
