package io.eddy.runtime.io.network.netty;

import io.eddy.runtime.io.network.partition.consumer.ConnectionManager;
import io.eddy.runtime.io.network.partition.consumer.PartitionRequestClient;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client side of a worker's data plane: at most one TCP connection per remote worker, opened on
 * first use and cached by remote address; every remote channel reading from that worker shares it.
 * A connection that closes is dropped from the cache (its channels fail), so a later request opens
 * a new one. Pipeline per connection: {@code encoder -> client decoder -> client handler}.
 *
 * <p>Threads: thread-safe; connects complete on the event loop.
 */
public final class NettyConnectionManager implements ConnectionManager, AutoCloseable {

    private final Bootstrap bootstrap;
    private final int segmentSize;
    private final Map<InetSocketAddress, CompletableFuture<PartitionRequestClient>> connections = new ConcurrentHashMap<>();
    private final Map<InetSocketAddress, Channel> openChannels = new ConcurrentHashMap<>();

    public NettyConnectionManager(EventLoopGroup group, NettyTransport transport, int segmentSize) {
        this.bootstrap = new Bootstrap()
                .group(group)
                .channel(transport.socketChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000);
        this.segmentSize = segmentSize;
    }

    private ChannelInitializer<SocketChannel> initializer(InetSocketAddress address) {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel channel) {
                ClientHandler handler = new ClientHandler(address);
                channel.pipeline()
                        .addLast(NettyMessageEncoder.INSTANCE)
                        .addLast(new ClientMessageDecoder(handler, segmentSize))
                        .addLast(handler);
            }
        };
    }

    @Override
    public CompletableFuture<PartitionRequestClient> connect(InetSocketAddress address) {
        return connections.computeIfAbsent(address, this::open);
    }

    private CompletableFuture<PartitionRequestClient> open(InetSocketAddress address) {
        CompletableFuture<PartitionRequestClient> result = new CompletableFuture<>();
        ChannelFuture connecting = bootstrap.clone().handler(initializer(address)).connect(address);
        connecting.addListener((ChannelFutureListener) future -> {
            if (!future.isSuccess()) {
                connections.remove(address, result);
                result.completeExceptionally(new RemoteTransportException("Could not connect to the data server of worker at "
                        + address.getHostString() + ":" + address.getPort() + " (" + future.cause() + "): the remote worker may have"
                        + " been lost or is not reachable", address, future.cause()));
                return;
            }
            Channel channel = future.channel();
            openChannels.put(address, channel);
            channel.closeFuture().addListener(closed -> {
                connections.remove(address, result);
                openChannels.remove(address, channel);
            });
            result.complete(channel.pipeline().get(ClientHandler.class));
        });
        return result;
    }

    /** Connections currently open. */
    public int openConnections() {
        return openChannels.size();
    }

    /** Closes every connection (their channels fail). */
    @Override
    public void close() {
        List<Channel> channels = new ArrayList<>(openChannels.values());
        for (Channel channel : channels) {
            channel.close().syncUninterruptibly();
        }
    }
}
