package io.eddy.runtime.io.network.event;

/**
 * The final watermark ({@code Long.MAX_VALUE}) of a channel, sent in band as an event instead of
 * as a watermark element among the records. Records before it stay before it; the consumer feeds
 * it to its watermark valve as that channel's watermark {@code Long.MAX_VALUE}.
 *
 * <p>Why an event: it passes once per channel and job, at the end. As a tagged element it would
 * take a branch of the per-record decoding path that the compiled code, built while only records
 * passed, does not have, and the JIT would throw that code away and compile it again at the end of
 * every job (docs/network.md, "Final watermark").
 */
public final class EndOfEventTimeEvent implements RuntimeEvent {

    public static final EndOfEventTimeEvent INSTANCE = new EndOfEventTimeEvent();

    private EndOfEventTimeEvent() {}

    @Override
    public String toString() {
        return "EndOfEventTimeEvent";
    }
}
