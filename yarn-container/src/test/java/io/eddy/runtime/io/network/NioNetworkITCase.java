package io.eddy.runtime.io.network;

/** {@link NetworkITCase} on the JDK's NIO sockets, the transport where Linux's native epoll does not load. */
class NioNetworkITCase extends NetworkITCase {

    @Override
    String transport() {
        return "nio";
    }
}
