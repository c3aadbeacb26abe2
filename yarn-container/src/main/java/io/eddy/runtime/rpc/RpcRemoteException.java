package io.eddy.runtime.rpc;

/**
 * A request failed on the remote side: the remote handler failed (threw, or completed its future
 * exceptionally) and answered with an {@link ErrorResponse}. Carries the remote exception's
 * class name, message and stack trace as text; the remote exception itself is never
 * deserialized.
 */
public final class RpcRemoteException extends RpcException {

    private static final long serialVersionUID = 1L;

    private final String remoteClass;
    private final String remoteMessage;
    private final String remoteStackTrace;

    public RpcRemoteException(String context, ErrorResponse error) {
        super(context + ": " + error.errorClass() + ": " + error.message());
        this.remoteClass = error.errorClass();
        this.remoteMessage = error.message();
        this.remoteStackTrace = error.stackTrace();
    }

    /** The fully qualified class name of the exception thrown on the remote side. */
    public String remoteClass() {
        return remoteClass;
    }

    /** The message of the remote exception (may be null). */
    public String remoteMessage() {
        return remoteMessage;
    }

    /** The remote stack trace as printed on the remote side. */
    public String remoteStackTrace() {
        return remoteStackTrace;
    }
}
