package io.eddy.runtime.operators;

import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import io.eddy.runtime.streamrecord.WatermarkStatus;
import io.eddy.streaming.api.OutputTag;

/**
 * Where an operator emits: the chained operators and network edges its main output and its side
 * outputs are connected to. Called on the task thread only.
 *
 * <p>A receiver does not keep the record past the call, so the emitting operator may reuse one
 * {@link StreamRecord} instance for all its records. Records are passed to chained operators by
 * reference, without copying: an operator must not change a value after it has emitted it.
 * Exceptions of downstream operators surface as {@link OperatorFailureException}s.
 */
public interface Output<T> {

    /** Emits {@code record} to the main output. */
    void collect(StreamRecord<T> record);

    /** Emits {@code record} to the side output {@code tag}; dropped if nothing consumes that side output. */
    <X> void collect(OutputTag<X> tag, StreamRecord<X> record);

    /**
     * Emits {@code watermark} to every consumer: chained operators, every subpartition of every
     * network edge, main and side outputs alike (event time is a property of the operator, not of
     * one of its outputs). The caller emits only advancing watermarks.
     */
    void emitWatermark(Watermark watermark);

    /** Emits {@code status} to every consumer, like {@link #emitWatermark}. */
    void emitWatermarkStatus(WatermarkStatus status);
}
