package io.eddy.runtime.io.network.netty;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.Locale;

/**
 * The socket implementation of the data plane's event loops and channels: Linux's native epoll
 * transport where it loads (fewer copies and system calls per buffer than the JDK's selector), the
 * JDK's NIO otherwise. {@code auto} (the default) picks epoll if available; {@code nio} and
 * {@code epoll} force one (the latter fails where epoll does not load).
 */
public enum NettyTransport {
    NIO,
    EPOLL;

    /**
     * {@code setting} as one of {@code auto}, {@code nio} or {@code epoll}: trimmed, lower case.
     *
     * @throws IllegalArgumentException for another setting
     */
    public static String checkSetting(String setting) {
        String normalized = setting == null ? "" : setting.trim().toLowerCase(Locale.ROOT);
        if (!normalized.equals("auto") && !normalized.equals("nio") && !normalized.equals("epoll")) {
            throw new IllegalArgumentException("Unknown network transport '" + setting + "' (expected: auto, nio or epoll)");
        }
        return normalized;
    }

    /**
     * The transport for {@code setting} ({@link #checkSetting}).
     *
     * @throws IllegalArgumentException for another setting, or {@code epoll} where it does not load
     */
    public static NettyTransport of(String setting) {
        switch (checkSetting(setting)) {
            case "auto":
                return Epoll.isAvailable() ? EPOLL : NIO;
            case "nio":
                return NIO;
            case "epoll":
                if (!Epoll.isAvailable()) {
                    throw new IllegalArgumentException("The network transport 'epoll' is not available on this machine ("
                            + Epoll.unavailabilityCause() + "); set it to 'auto' or 'nio'");
                }
                return EPOLL;
            default:
                throw new IllegalStateException("Bug: checkSetting passed the network transport '" + setting + "'");
        }
    }

    /** A group of {@code threads} event loops of this transport, with daemon threads named {@code name-N}. */
    public EventLoopGroup newGroup(int threads, String name) {
        return new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(name, true), ioHandlerFactory());
    }

    private IoHandlerFactory ioHandlerFactory() {
        return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    /** The client socket channel class for bootstraps on this transport's groups. */
    public Class<? extends SocketChannel> socketChannel() {
        return this == EPOLL ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** The server socket channel class for bootstraps on this transport's groups. */
    public Class<? extends ServerChannel> serverSocketChannel() {
        return this == EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }
}
