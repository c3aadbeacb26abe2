package io.eddy.runtime.rpc;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * The last handler of an authenticated channel: dispatches decoded frames to the
 * {@link RpcHandler} and to pending requests, sends heartbeats when the connection is idle for
 * writing and closes it when nothing was read for the heartbeat timeout, and reports the
 * connection's end exactly once.
 *
 * <pre>
 *   [handshake, removed after auth] -> idle -> flush -> frameLength -> frameDecoder -> rpc (this)
 * </pre>
 *
 * <p>Confined to the channel's event loop thread, like the {@link RpcHandler} calls it makes.
 */
final class RpcChannelHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(RpcChannelHandler.class);

    private final NettyRpcConnection connection;
    private final RpcHandler handler;
    private final RpcSettings settings;

    // event loop only
    private Throwable failure;
    private boolean ended;

    private RpcChannelHandler(NettyRpcConnection connection, RpcHandler handler, RpcSettings settings) {
        this.connection = connection;
        this.handler = handler;
        this.settings = settings;
    }

    /**
     * Installs the frame pipeline after the handshake handler {@code ctx} and announces the
     * connection to {@code handler}. Call on the event loop, before removing the handshake
     * handler (which forwards bytes that arrived after the handshake to the new pipeline).
     */
    static NettyRpcConnection install(ChannelHandlerContext ctx, MessageRegistry registry, RpcSettings settings,
            RpcHandler handler) {
        NettyRpcConnection connection = new NettyRpcConnection(ctx.channel(), registry, settings);
        ChannelPipeline pipeline = ctx.pipeline();
        String after = ctx.name();
        pipeline.addAfter(after, "idle", new IdleStateHandler(settings.heartbeatTimeout().toMillis(),
                settings.heartbeatInterval().toMillis(), 0, TimeUnit.MILLISECONDS));
        pipeline.addAfter("idle", "flush", new FlushConsolidationHandler(FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true));
        pipeline.addAfter("flush", "frameLength", new FrameCodec.LengthPrefixDecoder(settings.maxFrameSize()));
        pipeline.addAfter("frameLength", "frameDecoder", new FrameCodec.FrameDecoder(registry));
        RpcChannelHandler rpc = new RpcChannelHandler(connection, handler, settings);
        pipeline.addAfter("frameDecoder", "rpc", rpc);
        rpc.connected();
        return connection;
    }

    private void connected() {
        try {
            handler.connected(connection);
        } catch (RuntimeException e) {
            LOG.error("RpcHandler.connected failed for the connection with {}: closing it", connection.remote(), e);
            failure = e;
            connection.channel().close();
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        InboundFrame frame = (InboundFrame) msg;
        switch (frame.kind()) {
            case HEARTBEAT -> LOG.trace("Heartbeat from {}", connection.remote());
            case ONE_WAY -> onOneWay(frame);
            case REQUEST -> onRequest(frame);
            case RESPONSE -> onResponse(frame);
            case ERROR -> onError(frame);
        }
    }

    private void onOneWay(InboundFrame frame) {
        if (frame.decodeError() != null) {
            LOG.warn("Dropped a message (type id {}) from {}: {}", frame.typeId(), connection.remote(),
                    frame.decodeError().getMessage());
            return;
        }
        try {
            handler.received(connection, frame.message());
        } catch (RuntimeException e) {
            LOG.error("RpcHandler failed on {} from {}", frame.message().getClass().getSimpleName(), connection.remote(), e);
        }
    }

    private void onRequest(InboundFrame frame) {
        long id = frame.correlationId();
        if (frame.decodeError() != null) {
            LOG.warn("Cannot decode a request (type id {}) from {}: {}", frame.typeId(), connection.remote(),
                    frame.decodeError().getMessage());
            connection.respond(id, null, frame.decodeError());
            return;
        }
        CompletableFuture<? extends Message> answer;
        try {
            answer = handler.request(connection, frame.message());
            if (answer == null) {
                answer = CompletableFuture.failedFuture(new IllegalStateException("Bug: " + handler.getClass().getName()
                        + ".request returned null for " + frame.message().getClass().getName()));
            }
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        answer.whenComplete((response, error) -> connection.respond(id, response, unwrap(error)));
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    private void onResponse(InboundFrame frame) {
        boolean pending = frame.decodeError() == null
                ? connection.complete(frame.correlationId(), frame.message())
                : connection.fail(frame.correlationId(), new RpcException("Cannot decode the response from "
                        + connection.remote() + ": " + frame.decodeError().getMessage(), frame.decodeError()));
        if (!pending) {
            LOG.debug("Ignored a response from {} to request {}: no longer pending (timed out?)", connection.remote(),
                    frame.correlationId());
        }
    }

    private void onError(InboundFrame frame) {
        if (frame.decodeError() != null) {
            connection.fail(frame.correlationId(), new RpcException("Request to " + connection.remote()
                    + " failed on the remote side, and its error could not be decoded: " + frame.decodeError().getMessage(),
                    frame.decodeError()));
        } else if (frame.message() instanceof ErrorResponse error) {
            connection.completeWithError(frame.correlationId(), error);
        } else {
            connection.fail(frame.correlationId(), new RpcException("Bug: error frame from " + connection.remote()
                    + " carries " + frame.message().getClass().getName() + " instead of ErrorResponse"));
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.WRITER_IDLE) {
                ctx.writeAndFlush(FrameCodec.encodeHeartbeat(ctx.alloc()));
            } else if (idle.state() == IdleState.READER_IDLE) {
                long millis = settings.heartbeatTimeout().toMillis();
                LOG.warn("Closing the connection to {}: nothing received for {} ms (no heartbeat): the remote "
                        + "process is hung or unreachable", connection.remote(), millis);
                recordFailure(new RpcException("No heartbeat from " + connection.remote() + " for " + millis
                        + " ms: the remote process is hung or unreachable"));
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof IOException) {
            LOG.info("Connection to {} failed: {}", connection.remote(), cause.getMessage());
        } else {
            LOG.warn("Closing the connection to {} after an error", connection.remote(), cause);
        }
        recordFailure(cause);
        ctx.close();
    }

    private void recordFailure(Throwable cause) {
        if (failure == null) {
            failure = cause;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        end();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        end();
    }

    /** Fails pending requests and reports the end of the connection, once. */
    private void end() {
        if (ended) {
            return;
        }
        ended = true;
        if (connection.isClosedLocally()) {
            LOG.debug("Connection to {} closed by this process", connection.remote());
        } else {
            LOG.info("Connection to {} closed{}", connection.remote(), failure == null ? " by the remote side" : ": " + failure);
        }
        connection.failAllPending(failure);
        try {
            handler.disconnected(connection, failure);
        } catch (RuntimeException e) {
            LOG.error("RpcHandler.disconnected failed for the connection with {}", connection.remote(), e);
        }
    }
}
