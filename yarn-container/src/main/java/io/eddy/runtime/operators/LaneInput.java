package io.eddy.runtime.operators;

import io.eddy.runtime.streamrecord.StreamRecord;
import java.util.concurrent.CompletableFuture;

/**
 * An input of a task's head operator that is no network gate but an object of its own lane: a
 * streaming loop's feedback, handed over by the loop's tail in the same slot (docs/iterations.md,
 * "Streaming iteration"). The head offers it through {@link LaneInputHead}; the task polls it like
 * one more gate of its input processor, after the network gates and round-robin with them (a batch
 * of records at most, then the next gate), so neither side starves the other, and waits on its
 * {@link #available()} future with the gates' when nothing has data, so an idle task does not spin.
 *
 * <p>A lane input has no channels: checkpoint barriers never block it and watermarks never come
 * from it. Task thread only.
 */
public interface LaneInput {

    /** What {@link #poll()} found. */
    enum Status {
        /** A record: {@link #record()} holds it until the next poll. */
        RECORD,
        /** Nothing now: wait on {@link #available()}. */
        NOTHING_AVAILABLE,
        /** The input has ended; nothing will follow. */
        END_OF_INPUT
    }

    /** The head operator's logical input that the records go to. */
    int targetInput();

    /** The next record, nothing, or the end; never blocks. May act on what it reads that is no record (a loop's markers). */
    Status poll() throws Exception;

    /** The record after {@link Status#RECORD}; the receiver must not keep the wrapper. */
    StreamRecord<?> record();

    /** Completes when {@link #poll()} may find a record or the end. */
    CompletableFuture<?> available();
}
