package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
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
 * <p>Threading: the public methods are called from any thread. Frames are encoded on the caller's
 * thread, so that a message that cannot be encoded fails the call that sent it. Netty is touched
 * from the channel's event loop only: a caller outside it encodes into an array and hands that to
 * the event loop, which copies it into a buffer of its own and writes it. The allocator and write
 * path of Netty then see one kind of thread, as on the data connections that share their compiled
 * code, so a task thread reporting at the end of a job does not invalidate that code. Frames are
 * written in order per calling thread. The pending table is a concurrent map; completion of a
 * request's future happens at most once (the entry is removed by whoever completes it).
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
        Frame frame = encode(FrameKind.ONE_WAY, 0, message);
        if (!channel.isActive()) {
            frame.release();
            LOG.debug("Dropped {} to {}: the connection is closed", message.getClass().getSimpleName(), remote);
            return;
        }
        frame.write(f -> {
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
        Frame frame = encode(FrameKind.REQUEST, id, request);
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
        frame.write(f -> {
            if (!f.isSuccess()) {
                // A write that loses the race with the connection closing is the closed connection, not a send error.
                boolean closed = f.cause() instanceof ClosedChannelException || !channel.isActive();
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
        Frame frame;
        if (error == null) {
            try {
                frame = encode(FrameKind.RESPONSE, correlationId, response);
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
        frame.write(null);
    }

    private Frame encodeError(long correlationId, Throwable error) {
        ErrorResponse response = ErrorResponse.of(error);
        try {
            return encode(FrameKind.ERROR, correlationId, response);
        } catch (FrameTooLargeException e) {
            ErrorResponse shortened = new ErrorResponse(response.errorClass(), response.message(),
                    "(stack trace omitted: it does not fit into one frame)");
            return encode(FrameKind.ERROR, correlationId, shortened);
        }
    }

    /** Encodes a frame on this thread: into a buffer of the channel in its event loop, else into an array. */
    private Frame encode(FrameKind kind, long correlationId, Message message) {
        if (channel.eventLoop().inEventLoop()) {
            return new Frame(FrameCodec.encode(channel.alloc(), kind, correlationId, message, registry, maxFrameSize), null);
        }
        return new Frame(null, FrameCodec.encodeToArray(kind, correlationId, message, registry, maxFrameSize));
    }

    /** An encoded frame: a buffer (encoded in the event loop) or an array (encoded elsewhere). */
    private final class Frame {
        private final ByteBuf buffer;
        private final BoundedArrayOutputView array;

        Frame(ByteBuf buffer, BoundedArrayOutputView array) {
            this.buffer = buffer;
            this.array = array;
        }

        void release() {
            if (buffer != null) {
                buffer.release();
            }
        }

        /**
         * Writes and flushes the frame from the event loop: at once if encoded there, else as a task
         * that copies the array into a buffer of the channel. {@code listener} (may be null) learns
         * the outcome; a loop that has stopped fails it as a closed channel.
         */
        void write(ChannelFutureListener listener) {
            if (buffer != null) {
                written(channel.writeAndFlush(buffer), listener);
                return;
            }
            EventLoop loop = channel.eventLoop();
            try {
                loop.execute(() -> {
                    ByteBuf copy = channel.alloc().ioBuffer(array.length());
                    copy.writeBytes(array.array(), 0, array.length());
                    written(channel.writeAndFlush(copy), listener);
                });
            } catch (RejectedExecutionException e) {
                written(channel.newFailedFuture(new ClosedChannelException()), listener);
            }
        }

        private void written(ChannelFuture future, ChannelFutureListener listener) {
            if (listener != null) {
                future.addListener(listener);
            }
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
        try {
            channel.eventLoop().execute(() -> channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE));
        } catch (RejectedExecutionException e) {
            channel.close(); // the loop has stopped: nothing more can be flushed
        }
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
