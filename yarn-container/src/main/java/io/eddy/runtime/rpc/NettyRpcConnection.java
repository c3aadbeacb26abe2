package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link RpcConnection} over one authenticated Netty channel. Owns the table of pending requests:
 * each has a timeout scheduled on the event loop (no polling) and is completed by its response, its
 * error, its timeout, or the loss of the connection, whichever comes first.
 *
 * <p>Threading: the public methods are called from any thread; frames are encoded on the caller's
 * thread and written through the channel, which keeps them in order per calling thread. The
 * pending table is a concurrent map; completion of a request's future happens at most once (the
 * entry is removed by whoever completes it).
 */
final class NettyRpcConnection implements RpcConnection {

    private static final Logger LOG = LoggerFactory.getLogger(NettyRpcConnection.class);

    /** A request waiting for its answer. */
    private record Pending(CompletableFuture<Message> future, String requestType) {}

    private final Channel channel;
    private final InetSocketAddress remoteAddress;
    private final String remote;
    private final MessageRegistry registry;
    private final int maxFrameSize;
    private final AtomicLong nextCorrelationId = new AtomicLong(1);
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    private volatile boolean closedLocally;
    private volatile Object attachment;

    NettyRpcConnection(Channel channel, MessageRegistry registry, RpcSettings settings) {
        this.channel = channel;
        this.remoteAddress = (InetSocketAddress) channel.remoteAddress();
        this.remote = Handshake.describe(remoteAddress);
        this.registry = registry;
        this.maxFrameSize = settings.maxFrameSize();
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return remoteAddress;
    }

    /** host:port of the peer, for messages. */
    String remote() {
        return remote;
    }

    Channel channel() {
        return channel;
    }

    boolean isClosedLocally() {
        return closedLocally;
    }

    @Override
    public void send(Message message) {
        Objects.requireNonNull(message, "message");
        ByteBuf frame = FrameCodec.encode(channel.alloc(), FrameKind.ONE_WAY, 0, message, registry, maxFrameSize);
        if (!channel.isActive()) {
            frame.release();
            LOG.debug("Dropped {} to {}: the connection is closed", message.getClass().getSimpleName(), remote);
            return;
        }
        channel.writeAndFlush(frame).addListener(f -> {
            if (!f.isSuccess()) {
                LOG.debug("Dropped {} to {}: {}", message.getClass().getSimpleName(), remote, f.cause().toString());
            }
        });
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R extends Message> CompletableFuture<R> request(Message request, Duration timeout) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(timeout, "timeout");
        long id = nextCorrelationId.getAndIncrement();
        String type = request.getClass().getSimpleName();
        ByteBuf frame = FrameCodec.encode(channel.alloc(), FrameKind.REQUEST, id, request, registry, maxFrameSize);
        CompletableFuture<Message> future = new CompletableFuture<>();
        pending.put(id, new Pending(future, type));
        if (!channel.isActive()) {
            frame.release();
            fail(id, connectionClosed(null));
            return (CompletableFuture<R>) (CompletableFuture<?>) future;
        }
        long millis = Math.max(1, timeout.toMillis());
        ScheduledFuture<?> timer;
        try {
            timer = channel.eventLoop().schedule(() -> fail(id, new RpcException("Request " + type + " to "
                    + remote + " timed out after " + millis + " ms: the remote process may be overloaded or hung")),
                    millis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // the connection closed and its event loop stopped since the check above
            frame.release();
            fail(id, connectionClosed(null));
            return (CompletableFuture<R>) (CompletableFuture<?>) future;
        }
        future.whenComplete((r, e) -> timer.cancel(false));
        channel.writeAndFlush(frame).addListener(f -> {
            if (!f.isSuccess()) {
                // A write that loses the race with the connection closing is the closed connection, not a send error.
                boolean closed = f.cause() instanceof java.nio.channels.ClosedChannelException || !channel.isActive();
                fail(id, closed ? connectionClosed(null)
                        : new RpcException("Cannot send request " + type + " to " + remote + ": " + f.cause(), f.cause()));
            }
        });
        return (CompletableFuture<R>) (CompletableFuture<?>) future;
    }

    /** Completes the request {@code id} with its response (event loop). Returns false if it was no longer pending. */
    boolean complete(long id, Message response) {
        Pending p = pending.remove(id);
        if (p == null) {
            return false;
        }
        p.future().complete(response);
        return true;
    }

    /** Fails the request {@code id} with the remote error (event loop). Returns false if it was no longer pending. */
    boolean completeWithError(long id, ErrorResponse error) {
        Pending p = pending.remove(id);
        if (p == null) {
            return false;
        }
        p.future().completeExceptionally(new RpcRemoteException("Request " + p.requestType() + " to " + remote
                + " failed on the remote side", error));
        return true;
    }

    /** Fails the request {@code id} with {@code error}. Returns false if it was no longer pending. */
    boolean fail(long id, Throwable error) {
        Pending p = pending.remove(id);
        if (p == null) {
            return false;
        }
        p.future().completeExceptionally(error);
        return true;
    }

    /** Fails all pending requests because the connection closed (event loop, on channel inactive). */
    void failAllPending(Throwable causeOrNull) {
        List<Long> ids = new ArrayList<>(pending.keySet());
        for (Long id : ids) {
            fail(id, connectionClosed(causeOrNull));
        }
    }

    /** The exception for a request that cannot complete because the connection is gone. */
    RpcException connectionClosed(Throwable causeOrNull) {
        String why = closedLocally ? "it was closed by this process" : "the remote process may have died";
        String detail = causeOrNull == null ? "" : " (" + causeOrNull.getMessage() + ")";
        return new RpcException("Connection to " + remote + " closed: " + why + detail, causeOrNull);
    }

    /** Answers a request on this connection (any thread); an answer that cannot be encoded becomes an error. */
    void respond(long correlationId, Message response, Throwable error) {
        ByteBuf frame;
        if (error == null) {
            try {
                frame = FrameCodec.encode(channel.alloc(), FrameKind.RESPONSE, correlationId, response, registry, maxFrameSize);
            } catch (RuntimeException e) {
                LOG.warn("Cannot answer a request from {} with {}: {}", remote,
                        response == null ? "null" : response.getClass().getName(), e.getMessage());
                frame = encodeError(correlationId, e);
            }
        } else {
            frame = encodeError(correlationId, error);
        }
        if (!channel.isActive()) {
            frame.release();
            LOG.debug("Dropped the answer to request {} from {}: the connection is closed", correlationId, remote);
            return;
        }
        channel.writeAndFlush(frame);
    }

    private ByteBuf encodeError(long correlationId, Throwable error) {
        ErrorResponse response = ErrorResponse.of(error);
        try {
            return FrameCodec.encode(channel.alloc(), FrameKind.ERROR, correlationId, response, registry, maxFrameSize);
        } catch (FrameTooLargeException e) {
            ErrorResponse shortened = new ErrorResponse(response.errorClass(), response.message(),
                    "(stack trace omitted: it does not fit into one frame)");
            return FrameCodec.encode(channel.alloc(), FrameKind.ERROR, correlationId, shortened, registry, maxFrameSize);
        }
    }

    @Override
    public boolean isOpen() {
        return channel.isActive();
    }

    @Override
    public void close() {
        closedLocally = true;
        if (!channel.isOpen()) {
            return; // already closed (its event loop may have stopped)
        }
        // Writing an empty buffer and closing when it is written flushes everything sent before.
        channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void setAttachment(Object attachment) {
        this.attachment = attachment;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public String toString() {
        return "RpcConnection{" + remote + (isOpen() ? "" : ", closed") + "}";
    }
}
