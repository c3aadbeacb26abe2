package io.eddy.runtime.cluster.rpc;

import java.net.InetSocketAddress;

/** Parses and prints the {@code HOST:PORT} addresses that processes and the CLI pass around. */
public final class HostPort {

    private HostPort() {}

    /**
     * Parses {@code HOST:PORT} (an IPv6 host in brackets: {@code [::1]:6123}) into an unresolved
     * address.
     *
     * @param what names the value for the error, e.g. "--master"
     * @throws IllegalArgumentException naming {@code what}, the value and the expected form
     */
    public static InetSocketAddress parse(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + ": no address given (expected: HOST:PORT, e.g. 127.0.0.1:6123)");
        }
        String s = value.trim();
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException(what + ": '" + value + "' (expected: HOST:PORT, e.g. 127.0.0.1:6123)");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(s.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": '" + value + "' has no valid port (expected: HOST:PORT with a port between 1 and 65535)", e);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(what + ": '" + value + "' has port " + port + " (expected: between 1 and 65535)");
        }
        return InetSocketAddress.createUnresolved(host, port);
    }

    /** {@code HOST:PORT} of {@code address}, using the literal address if it was resolved. */
    public static String format(InetSocketAddress address) {
        String host = address.isUnresolved() || address.getAddress() == null ? address.getHostString() : address.getAddress().getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
    }

    /** A resolved copy of {@code address} (RPC clients connect to resolved addresses). */
    public static InetSocketAddress resolved(InetSocketAddress address) {
        return address.isUnresolved() ? new InetSocketAddress(address.getHostString(), address.getPort()) : address;
    }
}
