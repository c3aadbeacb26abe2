package io.eddy.runtime.rpc;

import java.util.concurrent.CompletableFuture;

/**
 * Receives the events of authenticated connections (a server's handler sees all its
 * connections; a client's handler sees its one connection).
 *
 * <p><b>Threading:</b> every method is called on the connection's Netty event loop thread
 * ({@code eddy-rpc-*}), one call at a time per connection, in arrival order. Implementations
 * <b>must not block</b> (no waiting on locks held for long, no I/O, no {@code future.get()}):
 * hand real work to an executor and, for requests, return a future that the executor completes.
 * While a handler blocks, no message of any connection on that event loop is read, and heartbeats
 * stop, so peers may declare this process dead.
 *
 * <p>Lifecycle per connection: {@link #connected} once after authentication, then any number
 * of {@link #received} and {@link #request} calls, then {@link #disconnected} exactly once. An
 * exception thrown by {@code received} is logged and the connection stays open; an exception
 * thrown by {@code request} is answered to the requester as an {@link ErrorResponse}.
 */
public interface RpcHandler {

    /** A connection was authenticated and may now send and receive. */
    default void connected(RpcConnection connection) {}

    /** A one-way message arrived. */
    void received(RpcConnection connection, Message message);

    /**
     * A request arrived; the returned future's value is sent back as the response. Completing the
     * future exceptionally (or throwing) sends an {@link ErrorResponse}, which the requester sees
     * as an {@link RpcRemoteException}. The future may be completed on any thread.
     */
    default CompletableFuture<? extends Message> request(RpcConnection connection, Message request) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException(
                "This endpoint (" + getClass().getName() + ") does not answer requests; got "
                        + request.getClass().getName()));
    }

    /**
     * The connection closed (closed by either side, peer died, heartbeat timeout). Called exactly
     * once per connection after {@link #connected}.
     *
     * @param causeOrNull the failure that closed the connection, or null for an orderly close
     */
    default void disconnected(RpcConnection connection, Throwable causeOrNull) {}
}
