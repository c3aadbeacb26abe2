package io.eddy.master;

/** A worker that ran tasks of a job is gone. The message names it, e.g. {@code worker-2 (127.0.0.1, pid 1234) was lost: connection closed}. */
public final class WorkerLostException extends Exception {

    private static final long serialVersionUID = 1L;

    public WorkerLostException(String message) {
        super(message);
    }
}
