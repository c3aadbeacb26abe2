package io.eddy.runtime.io.network.netty;

import java.io.IOException;
import java.net.SocketAddress;

/** The data connection to another worker failed; the message names the remote address. */
public final class RemoteTransportException extends IOException {

    private static final long serialVersionUID = 1L;

    private final SocketAddress remoteAddress;

    public RemoteTransportException(String message, SocketAddress remoteAddress, Throwable cause) {
        super(message, cause);
        this.remoteAddress = remoteAddress;
    }

    public SocketAddress remoteAddress() {
        return remoteAddress;
    }
}
