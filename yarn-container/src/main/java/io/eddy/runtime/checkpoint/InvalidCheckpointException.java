package io.eddy.runtime.checkpoint;

import java.io.IOException;
import java.util.Objects;

/**
 * A checkpoint or savepoint that cannot be restored from, with the path and the {@link Reason}:
 * restores fail with it before any task starts, and the coordinator falls back to an older retained
 * checkpoint on it.
 */
public final class InvalidCheckpointException extends IOException {

    private static final long serialVersionUID = 1L;

    /** Why a checkpoint cannot be used. */
    public enum Reason {
        /** Nothing exists at the path. */
        MISSING,
        /** The path exists but holds no checkpoint metadata (e.g. an aborted checkpoint, or another directory). */
        NOT_A_CHECKPOINT,
        /** The metadata is not Eddy's, or of a format version this Eddy cannot read. */
        FOREIGN,
        /** The metadata or a state file is truncated or its checksum differs. */
        CORRUPT
    }

    private final Reason reason;
    private final String path;

    public InvalidCheckpointException(Reason reason, String path, String message) {
        this(reason, path, message, null);
    }

    public InvalidCheckpointException(Reason reason, String path, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.path = Objects.requireNonNull(path, "path");
    }

    public Reason reason() {
        return reason;
    }

    /** The path (URI) the message names. */
    public String path() {
        return path;
    }
}
