package io.eddy.runtime.rpc;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One authenticated control-protocol connection. All methods are thread-safe and never block.
 */
public interface RpcConnection {

    /** The address of the peer. */
    InetSocketAddress remoteAddress();

    /**
     * Sends a one-way message, asynchronously. Messages sent from one thread arrive in the order
     * sent; messages sent before {@link #close()} are flushed before the connection closes. A
     * message sent on a closed connection is dropped (logged at DEBUG): use {@link #request}
     * where the caller must know the outcome.
     *
     * <p>The message is encoded on the calling thread. Messages are queued without bound while
     * the network is slower than the sender: the control protocol carries few, mostly small
     * messages; bulk data belongs on the data plane.
     *
     * @throws IllegalArgumentException if the message type is not registered or its frame exceeds
     *     the maximum frame size
     * @throws java.io.UncheckedIOException if the message's codec fails
     */
    void send(Message message);

    /**
     * Sends a request and returns the future of its response. The future fails with an
     * {@link RpcException}: {@link RpcRemoteException} if the remote handler failed, a timeout
     * after {@code timeout}, or a connection loss naming the remote address. It is completed on
     * the connection's event loop thread: do not block in dependent stages. A request that timed
     * out may still be executed by the remote side; its late answer is ignored.
     *
     * @throws IllegalArgumentException if the request type is not registered or its frame exceeds
     *     the maximum frame size (encoding happens on the calling thread, as for {@link #send})
     */
    <R extends Message> CompletableFuture<R> request(Message request, Duration timeout);

    /** Whether the connection is still open. */
    boolean isOpen();

    /** Closes the connection after flushing what was sent; idempotent. */
    void close();

    /** Associates an object with this connection (e.g. the worker id the master assigned). */
    void setAttachment(Object attachment);

    /** The object set by {@link #setAttachment}, or null. */
    Object attachment();
}
