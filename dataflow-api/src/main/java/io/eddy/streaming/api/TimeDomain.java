package io.eddy.streaming.api;

/** The kind of time a timer was registered in. */
public enum TimeDomain {
    /** Fired by a watermark. */
    EVENT_TIME,
    /** Fired by the wall clock. */
    PROCESSING_TIME
}
