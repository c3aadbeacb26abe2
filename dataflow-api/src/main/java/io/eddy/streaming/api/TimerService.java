package io.eddy.streaming.api;

/**
 * Time and timers as a process function sees them. In a {@code KeyedProcessFunction} timers are
 * scoped to the current key: registering the same time twice for a key keeps one timer; when a
 * timer fires, {@code onTimer} runs with that key current (its keyed state is the key's). Timers are
 * checkpointed with the keyed state. On a non-keyed stream ({@code ProcessFunction}) only the
 * current times are available. Valid only during the call whose context gave it.
 */
public interface TimerService {

    /** The current processing time (wall clock), in milliseconds since the epoch. */
    long currentProcessingTime();

    /** The current event time: the operator's last watermark, or {@code Long.MIN_VALUE} before the first. */
    long currentWatermark();

    /**
     * Fires {@code onTimer} once the processing time reaches {@code time}.
     *
     * @throws UnsupportedOperationException on a non-keyed stream
     */
    void registerProcessingTimeTimer(long time);

    /**
     * Fires {@code onTimer} once the event time (watermark) reaches {@code time}.
     *
     * @throws UnsupportedOperationException on a non-keyed stream
     */
    void registerEventTimeTimer(long time);

    /** Deletes the current key's processing-time timer for {@code time}, if there is one. */
    void deleteProcessingTimeTimer(long time);

    /** Deletes the current key's event-time timer for {@code time}, if there is one. */
    void deleteEventTimeTimer(long time);
}
