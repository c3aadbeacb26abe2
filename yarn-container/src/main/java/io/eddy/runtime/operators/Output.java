package io.eddy.runtime.operators;

import io.eddy.runtime.streamrecord.StreamRecord;
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
}
