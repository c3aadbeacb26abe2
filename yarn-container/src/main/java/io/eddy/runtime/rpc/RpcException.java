package io.eddy.runtime.rpc;

import java.io.IOException;

/**
 * A failure of the control-protocol transport: a connection that cannot be made or was lost, a
 * failed authentication, a timed-out request. The message names the remote address and what to
 * do about it.
 */
public class RpcException extends IOException {

    private static final long serialVersionUID = 1L;

    public RpcException(String message) {
        super(message);
    }

    public RpcException(String message, Throwable cause) {
        super(message, cause);
    }
}
