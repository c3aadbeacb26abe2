package io.eddy.executor;

/**
 * A failure that happened in another process, carried as the original exception's class name,
 * message and stack trace (never as a Java-serialized exception), with its causes.
 */
public final class RemoteFailure extends Exception {

    private static final long serialVersionUID = 1L;

    private final String originalClassName;

    public RemoteFailure(String originalClassName, String message, StackTraceElement[] stackTrace, RemoteFailure cause) {
        super(originalClassName + (message == null ? "" : ": " + message), cause);
        this.originalClassName = originalClassName;
        setStackTrace(stackTrace);
    }

    public String getOriginalClassName() {
        return originalClassName;
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
