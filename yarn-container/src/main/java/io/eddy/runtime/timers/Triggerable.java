package io.eddy.runtime.timers;

/**
 * The operator a timer service calls when timers fire, on the task thread, with the timer's key
 * already set as the current key of the keyed state.
 */
public interface Triggerable<K, N> {

    /** An event-time timer fired: the watermark passed its timestamp. */
    void onEventTime(InternalTimer<K, N> timer) throws Exception;

    /** A processing-time timer fired: the wall clock passed its timestamp. */
    void onProcessingTime(InternalTimer<K, N> timer) throws Exception;
}
