package io.eddy.runtime.io.network.api;

/** What {@link RecordInput#pollNext()} found. */
public enum InputStatus {
    /** A record: read it with {@link RecordInput#record()}. */
    RECORD,
    /** An event other than end-of-partition: read it with {@link RecordInput#event()}. */
    EVENT,
    /** Nothing now: wait on {@link RecordInput#getAvailableFuture()}. */
    NOTHING_AVAILABLE,
    /** Every channel delivered its end-of-partition event; nothing will follow. */
    END_OF_INPUT
}
