package io.eddy.api.connector.source;

/** What follows a call of {@link SourceReader#pollNext}. */
public enum InputStatus {
    /** More records can be emitted now: the task calls {@code pollNext} again (after its pending mails). */
    MORE_AVAILABLE,
    /** Nothing to emit now: the task waits for {@link SourceReader#isAvailable()}, running mails meanwhile. */
    NOTHING_AVAILABLE,
    /** The reader has emitted all its records. */
    END_OF_INPUT
}
