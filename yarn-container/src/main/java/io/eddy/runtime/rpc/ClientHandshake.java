package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import java.security.MessageDigest;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The client side of the {@link Handshake}: reads HELLO, answers with AUTH, reads the verdict and
 * checks that the server proved knowledge of the secret too. The outcome completes
 * {@link #result()}: the connection created by {@code onAuthenticated}, or an {@link RpcException}
 * saying why (wrong secret, other protocol version, not an Eddy master, closed).
 *
 * <p>Confined to the channel's event loop thread.
 */
final class ClientHandshake extends ByteToMessageDecoder {

    private final Secret secret;
    private final int version;
    private final String remote;
    private final Function<ChannelHandlerContext, RpcConnection> onAuthenticated;
    private final CompletableFuture<RpcConnection> result = new CompletableFuture<>();
    private final byte[] clientNonce = Handshake.newNonce();

    // event loop only
    private byte[] serverNonce;
    private int serverVersion;

    ClientHandshake(Secret secret, int version, String remote, Function<ChannelHandlerContext, RpcConnection> onAuthenticated) {
        this.secret = secret;
        this.version = version;
        this.remote = remote;
        this.onAuthenticated = onAuthenticated;
    }

    /** Completes when the handshake succeeded or failed. */
    CompletableFuture<RpcConnection> result() {
        return result;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (result.isDone()) {
            in.skipBytes(in.readableBytes());
        } else if (serverNonce == null) {
            readHello(ctx, in);
        } else {
            readVerdict(ctx, in);
        }
    }

    private void readHello(ChannelHandlerContext ctx, ByteBuf in) {
        if (in.readableBytes() >= 4 && in.getInt(in.readerIndex()) != Handshake.MAGIC) {
            String garbage = Handshake.peek(in);
            in.skipBytes(in.readableBytes());
            fail(ctx, "the process at " + remote + " is not an Eddy master (it sent " + garbage
                    + " instead of the control-protocol greeting): check the address and port");
            return;
        }
        if (in.readableBytes() < Handshake.HELLO_SIZE) {
            return;
        }
        in.skipBytes(4);
        serverVersion = in.readInt();
        serverNonce = Handshake.readBytes(in, Handshake.NONCE_SIZE);
        ByteBuf auth = ctx.alloc().buffer(Handshake.AUTH_SIZE);
        auth.writeInt(Handshake.MAGIC).writeInt(version).writeBytes(clientNonce)
                .writeBytes(Handshake.clientMac(secret, serverNonce, clientNonce, version));
        ctx.writeAndFlush(auth);
    }

    private void readVerdict(ChannelHandlerContext ctx, ByteBuf in) {
        if (!in.isReadable()) {
            return;
        }
        byte status = in.getByte(in.readerIndex());
        if (status != Handshake.STATUS_OK) {
            in.skipBytes(in.readableBytes());
        }
        switch (status) {
            case Handshake.STATUS_OK -> {
                if (in.readableBytes() < 1 + Handshake.MAC_SIZE) {
                    return;
                }
                in.skipBytes(1);
                byte[] serverMac = Handshake.readBytes(in, Handshake.MAC_SIZE);
                if (!MessageDigest.isEqual(Handshake.serverMac(secret, serverNonce, clientNonce, version), serverMac)) {
                    in.skipBytes(in.readableBytes());
                    fail(ctx, "the process at " + remote + " could not prove that it knows the cluster secret: "
                            + "it is not this cluster's master");
                    return;
                }
                RpcConnection connection = onAuthenticated.apply(ctx);
                ctx.pipeline().remove(this);
                result.complete(connection);
            }
            case Handshake.STATUS_WRONG_SECRET -> fail(ctx, "Cannot connect to " + remote + ": the master rejected the "
                    + "cluster secret. Use the secret of the cluster running there (the secret file or variable written "
                    + "when it started)");
            case Handshake.STATUS_VERSION_MISMATCH -> fail(ctx, "Cannot connect to " + remote + ": client speaks protocol "
                    + version + ", master speaks " + serverVersion + ": use the same Eddy version");
            default -> fail(ctx, "Cannot connect to " + remote + ": unknown handshake status " + status
                    + " (is it an Eddy master of the same version?)");
        }
    }

    private void fail(ChannelHandlerContext ctx, String message) {
        String text = message.startsWith("Cannot") ? message : "Cannot connect to " + remote + ": " + message;
        result.completeExceptionally(new RpcException(text));
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        super.channelInactive(ctx);
        if (!result.isDone()) {
            result.completeExceptionally(new RpcException("Cannot connect to " + remote
                    + ": the connection closed during authentication (is it an Eddy master, and still running?)"));
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!result.isDone()) {
            result.completeExceptionally(new RpcException("Cannot connect to " + remote
                    + ": authentication failed: " + cause.getMessage(), cause));
        }
        ctx.close();
    }
}
