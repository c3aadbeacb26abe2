package io.eddy.master.checkpoint;

/** A checkpoint or savepoint was aborted; the message says which and why. */
public final class CheckpointFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public CheckpointFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
