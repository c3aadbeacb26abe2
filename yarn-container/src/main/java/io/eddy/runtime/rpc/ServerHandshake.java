package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.util.concurrent.ScheduledFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.MessageDigest;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The server side of the {@link Handshake}: the first handler of every accepted channel. It
 * sends HELLO, reads exactly the client's AUTH message and nothing more; a peer that sends
 * something else, the wrong MAC, another protocol version, or nothing within the handshake
 * timeout is disconnected with a WARN line naming its address. On success it installs the frame
 * pipeline (through {@code onAuthenticated}) and removes itself; bytes that arrived after AUTH are
 * passed to the new pipeline, never decoded before.
 *
 * <p>Confined to the channel's event loop thread.
 */
final class ServerHandshake extends ByteToMessageDecoder {

    private static final Logger LOG = LoggerFactory.getLogger(ServerHandshake.class);

    private final Secret secret;
    private final int version;
    private final long timeoutMillis;
    private final Consumer<ChannelHandlerContext> onAuthenticated;
    private final byte[] serverNonce = Handshake.newNonce();

    // event loop only
    private boolean helloSent;
    private boolean finished;
    private ScheduledFuture<?> timeout;

    ServerHandshake(Secret secret, int version, long timeoutMillis, Consumer<ChannelHandlerContext> onAuthenticated) {
        this.secret = secret;
        this.version = version;
        this.timeoutMillis = timeoutMillis;
        this.onAuthenticated = onAuthenticated;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        if (ctx.channel().isActive()) {
            start(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        start(ctx);
        super.channelActive(ctx);
    }

    private void start(ChannelHandlerContext ctx) {
        if (helloSent) {
            return;
        }
        helloSent = true;
        ByteBuf hello = ctx.alloc().buffer(Handshake.HELLO_SIZE);
        hello.writeInt(Handshake.MAGIC).writeInt(version).writeBytes(serverNonce);
        ctx.writeAndFlush(hello);
        timeout = ctx.executor().schedule(() -> reject(ctx, "no authentication within " + timeoutMillis + " ms", (byte) -1),
                timeoutMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (finished) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() >= 4 && in.getInt(in.readerIndex()) != Handshake.MAGIC) {
            String garbage = Handshake.peek(in);
            in.skipBytes(in.readableBytes());
            reject(ctx, "not an Eddy control-protocol handshake (first bytes " + garbage + ")", (byte) -1);
            return;
        }
        if (in.readableBytes() < Handshake.AUTH_SIZE) {
            return;
        }
        in.skipBytes(4);
        int clientVersion = in.readInt();
        byte[] clientNonce = Handshake.readBytes(in, Handshake.NONCE_SIZE);
        byte[] clientMac = Handshake.readBytes(in, Handshake.MAC_SIZE);
        if (clientVersion != version) {
            in.skipBytes(in.readableBytes());
            reject(ctx, "client speaks protocol " + clientVersion + ", master speaks " + version
                    + ": use the same Eddy version", Handshake.STATUS_VERSION_MISMATCH);
            return;
        }
        byte[] expected = Handshake.clientMac(secret, serverNonce, clientNonce, version);
        if (!MessageDigest.isEqual(expected, clientMac)) {
            in.skipBytes(in.readableBytes());
            reject(ctx, "authentication failed (wrong cluster secret)", Handshake.STATUS_WRONG_SECRET);
            return;
        }
        finish();
        ByteBuf verdict = ctx.alloc().buffer(1 + Handshake.MAC_SIZE);
        verdict.writeByte(Handshake.STATUS_OK).writeBytes(Handshake.serverMac(secret, serverNonce, clientNonce, version));
        ctx.writeAndFlush(verdict);
        LOG.debug("Authenticated connection from {}", ctx.channel().remoteAddress());
        onAuthenticated.accept(ctx);
        ctx.pipeline().remove(this);
    }

    private void reject(ChannelHandlerContext ctx, String reason, byte status) {
        if (finished) {
            return;
        }
        finish();
        LOG.warn("Rejected connection from {}: {}", ctx.channel().remoteAddress(), reason);
        if (status >= 0) {
            ctx.writeAndFlush(ctx.alloc().buffer(1).writeByte(status)).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
    }

    private void finish() {
        finished = true;
        if (timeout != null) {
            timeout.cancel(false);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        if (!finished) {
            finish();
            LOG.debug("Connection from {} closed before authentication", ctx.channel().remoteAddress());
        }
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!finished) {
            finish();
            LOG.warn("Rejected connection from {}: failed during authentication: {}", ctx.channel().remoteAddress(),
                    cause.toString());
        } else {
            LOG.warn("Closing the connection from {}: setting it up after authentication failed",
                    ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }
}
