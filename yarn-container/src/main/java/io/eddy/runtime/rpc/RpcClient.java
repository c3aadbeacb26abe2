package io.eddy.runtime.rpc;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The connecting end of the control protocol (workers and clients connecting to the master).
 *
 * <p>Threads: each connection gets its own Netty event loop (one daemon thread
 * {@code eddy-rpc-client-*}), which runs every {@link RpcHandler} call of that connection:
 * handlers must not block. The thread stops when the connection closes.
 */
public final class RpcClient {

    private RpcClient() {}

    /** Connects with {@link RpcSettings#defaults()}; see {@link #connect(InetSocketAddress, Secret, MessageRegistry, RpcHandler, Duration, RpcSettings)}. */
    public static RpcConnection connect(InetSocketAddress address, Secret secret, MessageRegistry registry,
            RpcHandler handler, Duration timeout) throws RpcException {
        return connect(address, secret, registry, handler, timeout, RpcSettings.defaults());
    }

    /**
     * Connects to {@code address} and authenticates with {@code secret}, blocking the calling
     * thread (not an event loop) for at most {@code timeout}. {@link RpcHandler#connected} has
     * been called when this returns.
     *
     * @throws RpcException if the address cannot be reached ("Cannot reach the master at
     *     127.0.0.1:6123: connection refused. Is the cluster running? ..."), the master rejected the
     *     cluster secret or speaks another protocol version, or {@code timeout} passed
     */
    public static RpcConnection connect(InetSocketAddress address, Secret secret, MessageRegistry registry,
            RpcHandler handler, Duration timeout, RpcSettings settings) throws RpcException {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(settings, "settings");
        String remote = Handshake.describe(address);
        long deadline = System.nanoTime() + timeout.toNanos();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("eddy-rpc-client", true),
                NioIoHandler.newFactory());
        ClientHandshake handshake = new ClientHandshake(secret, registry.protocolVersion(), remote,
                ctx -> RpcChannelHandler.install(ctx, registry, settings, handler));
        Channel channel = null;
        try {
            ChannelFuture connect = bootstrap(group, handshake, timeout).connect(address);
            channel = connect.channel();
            channel.closeFuture().addListener(f -> group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS));
            if (!connect.await(remainingMillis(deadline), TimeUnit.MILLISECONDS)) {
                throw new RpcException("Cannot reach the master at " + remote + ": no answer within "
                        + timeout.toMillis() + " ms. Is the cluster running, and is the address right?");
            }
            if (!connect.isSuccess()) {
                throw unreachable(remote, connect.cause());
            }
            return handshake.result().get(remainingMillis(deadline), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            closeAfterFailure(channel, group);
            throw e.getCause() instanceof RpcException rpc ? rpc
                    : new RpcException("Cannot connect to " + remote + ": " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            closeAfterFailure(channel, group);
            throw new RpcException("Cannot connect to " + remote + ": authentication did not finish within "
                    + timeout.toMillis() + " ms. Is it an Eddy master, and is it overloaded?", e);
        } catch (InterruptedException e) {
            closeAfterFailure(channel, group);
            Thread.currentThread().interrupt();
            throw new RpcException("Interrupted while connecting to " + remote, e);
        } catch (RpcException | RuntimeException e) {
            closeAfterFailure(channel, group);
            throw e;
        }
    }

    private static Bootstrap bootstrap(EventLoopGroup group, ClientHandshake handshake, Duration timeout) {
        return new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis())))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        channel.pipeline().addLast("handshake", handshake);
                    }
                });
    }

    private static long remainingMillis(long deadlineNanos) {
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
    }

    private static void closeAfterFailure(Channel channel, EventLoopGroup group) {
        if (channel != null && channel.isOpen()) {
            channel.close();
        }
        group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
    }

    private static RpcException unreachable(String remote, Throwable cause) {
        String reason;
        if (cause instanceof ConnectTimeoutException) {
            reason = "connection timed out";
        } else if (cause instanceof ConnectException && String.valueOf(cause.getMessage()).contains("refused")) {
            reason = "connection refused";
        } else if (cause instanceof UnknownHostException) {
            reason = "unknown host";
        } else if (cause instanceof NoRouteToHostException) {
            reason = "no route to host";
        } else {
            reason = String.valueOf(cause.getMessage());
        }
        return new RpcException("Cannot reach the master at " + remote + ": " + reason
                + ". Is the cluster running? Start it with 'scripts/eddy cluster start'", cause);
    }
}
