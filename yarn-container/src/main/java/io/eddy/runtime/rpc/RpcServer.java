package io.eddy.runtime.rpc;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.ChannelGroupFuture;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The listening end of the control protocol (the master). Every accepted connection must pass
 * the authentication handshake with the cluster {@link Secret} before a single frame is decoded;
 * a peer that fails it is disconnected and logged at WARN with its address, and the server keeps
 * serving others.
 *
 * <p>Threads: one Netty event loop group per server (daemon threads {@code eddy-rpc-server-*},
 * {@link RpcSettings#serverThreads()} of them), which accepts connections and runs every
 * {@link RpcHandler} call: handlers must not block. {@link #close()} closes all connections
 * (each reports {@link RpcHandler#disconnected}) and stops the threads.
 */
public final class RpcServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RpcServer.class);
    private static final long SHUTDOWN_TIMEOUT_MILLIS = 5000;

    private final EventLoopGroup group;
    private final Channel serverChannel;
    private final ChannelGroup connections;
    private final InetSocketAddress address;

    private RpcServer(EventLoopGroup group, Channel serverChannel, ChannelGroup connections) {
        this.group = group;
        this.serverChannel = serverChannel;
        this.connections = connections;
        this.address = (InetSocketAddress) serverChannel.localAddress();
    }

    /** Starts a server with {@link RpcSettings#defaults()}; see {@link #start(String, int, Secret, MessageRegistry, RpcHandler, RpcSettings)}. */
    public static RpcServer start(String bindHost, int port, Secret secret, MessageRegistry registry, RpcHandler handler)
            throws RpcException {
        return start(bindHost, port, secret, registry, handler, RpcSettings.defaults());
    }

    /**
     * Binds to {@code bindHost:port} (port 0 picks a free port; see {@link #address()}) and serves
     * authenticated connections with {@code handler}.
     *
     * @throws RpcException if the address cannot be bound, e.g. "Cannot listen on 127.0.0.1:6123:
     *     address already in use. Stop the process using it or choose another port with --port"
     */
    public static RpcServer start(String bindHost, int port, Secret secret, MessageRegistry registry, RpcHandler handler,
            RpcSettings settings) throws RpcException {
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(handler, "handler");
        Objects.requireNonNull(settings, "settings");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port: " + port + " (expected: 0 to 65535; 0 picks a free port)");
        }
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(settings.serverThreads(),
                new DefaultThreadFactory("eddy-rpc-server", true), NioIoHandler.newFactory());
        ChannelGroup connections = new DefaultChannelGroup("eddy-rpc-connections", group.next());
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        connections.add(channel);
                        channel.pipeline().addLast("handshake", new ServerHandshake(secret, registry.protocolVersion(),
                                settings.handshakeTimeout().toMillis(),
                                ctx -> RpcChannelHandler.install(ctx, registry, settings, handler)));
                    }
                });
        String where = bindHost + ":" + port;
        ChannelFuture bind = bootstrap.bind(bindHost, port).awaitUninterruptibly();
        if (!bind.isSuccess()) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            Throwable cause = bind.cause();
            if (cause instanceof BindException && String.valueOf(cause.getMessage()).toLowerCase().contains("in use")) {
                throw new RpcException("Cannot listen on " + where + ": address already in use. Stop the process "
                        + "using it or choose another port with --port", cause);
            }
            throw new RpcException("Cannot listen on " + where + ": " + cause.getMessage()
                    + ". Check the bind address (a local interface or 0.0.0.0) and the port", cause);
        }
        RpcServer server = new RpcServer(group, bind.channel(), connections);
        LOG.info("Control-protocol server listening on {} (protocol version {})", Handshake.describe(server.address),
                registry.protocolVersion());
        return server;
    }

    /** The bound address (with the actual port when started with port 0). */
    public InetSocketAddress address() {
        return address;
    }

    /**
     * Stops listening, closes every connection (flushing what was sent; each reports
     * {@link RpcHandler#disconnected}) and stops the event loop threads. Idempotent. Waits for
     * the threads unless called from one of them.
     */
    @Override
    public void close() {
        if (group.isShuttingDown()) {
            return;
        }
        boolean onEventLoop = false;
        for (EventExecutor executor : group) {
            onEventLoop |= executor.inEventLoop();
        }
        serverChannel.close();
        ChannelGroupFuture closed = connections.close();
        if (!onEventLoop) {
            try {
                closed.await(SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        var shutdown = group.shutdownGracefully(0, SHUTDOWN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
        if (!onEventLoop && !Thread.currentThread().isInterrupted()) {
            try {
                if (!shutdown.await(SHUTDOWN_TIMEOUT_MILLIS * 2, TimeUnit.MILLISECONDS)) {
                    LOG.warn("Control-protocol server on {}: event loop threads did not stop within {} ms",
                            Handshake.describe(address), SHUTDOWN_TIMEOUT_MILLIS * 2);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        LOG.info("Control-protocol server on {} closed", Handshake.describe(address));
    }

    @Override
    public String toString() {
        return "RpcServer{" + Handshake.describe(address) + "}";
    }
}
