package io.eddy.runtime.io.network.netty;

import io.eddy.runtime.io.network.partition.ResultPartitionManager;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The data server of one worker: accepts connections from other workers' clients and serves
 * partition requests over them. Pipeline per connection:
 * {@code encoder -> frame decoder -> request handler -> partition request queue}.
 *
 * <p>Threads: Netty's event loops; {@link #bind} and {@link #close} from the owning environment.
 */
public final class NettyServer implements AutoCloseable {

    private final Channel serverChannel;
    private final AtomicInteger openConnections;

    /**
     * When a connection stops and resumes taking buffers from its readers. Everything queued in a
     * connection's outbound buffer is a network buffer its consumer has given credit for (plus a
     * small header), so credit already bounds that memory; the water marks only decide how often
     * the channel flips between writable and not. Netty's default (32 / 64 KiB) is two buffers of
     * the default size, which would flip it on almost every flush; each flip re-enters
     * {@link PartitionRequestQueue} from inside the flush, and those nested write paths are large
     * compiled code for every worker's JIT. With these marks a flip is rare.
     */
    static final WriteBufferWaterMark WRITE_WATER_MARK = new WriteBufferWaterMark(512 * 1024, 1024 * 1024);

    private NettyServer(Channel serverChannel, AtomicInteger openConnections) {
        this.serverChannel = serverChannel;
        this.openConnections = openConnections;
    }

    /** Binds the server; the event loops are owned by the caller. */
    public static NettyServer bind(EventLoopGroup group, NettyTransport transport, String host, int port, ResultPartitionManager partitions, Duration requestTimeout)
            throws IOException {
        AtomicInteger connections = new AtomicInteger();
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(transport.serverSocketChannel())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WRITE_WATER_MARK)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        PartitionRequestQueue queue = new PartitionRequestQueue();
                        channel.pipeline()
                                .addLast(new ConnectionCounter(connections))
                                .addLast(NettyMessageEncoder.INSTANCE)
                                .addLast(new ServerMessageDecoder())
                                .addLast(new PartitionRequestServerHandler(partitions, requestTimeout, queue))
                                .addLast(queue);
                    }
                });
        try {
            Channel channel = bootstrap.bind(host, port).sync().channel();
            return new NettyServer(channel, connections);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while binding the data server to " + host + ":" + port, e);
        } catch (Exception e) {
            throw new IOException("Could not bind the data server to " + host + ":" + port + " (" + e
                    + "): choose another NetworkConfig dataPort or bindHost", e);
        }
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /** Connections currently open. */
    public int openConnections() {
        return openConnections.get();
    }

    @Override
    public void close() {
        serverChannel.close().syncUninterruptibly();
    }

    /** Counts open connections (a test asserts one connection per pair of workers). */
    private static final class ConnectionCounter extends ChannelInboundHandlerAdapter {
        private final AtomicInteger connections;

        ConnectionCounter(AtomicInteger connections) {
            this.connections = connections;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            connections.incrementAndGet();
            ctx.fireChannelActive();
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            connections.decrementAndGet();
            ctx.fireChannelInactive();
        }
    }
}
