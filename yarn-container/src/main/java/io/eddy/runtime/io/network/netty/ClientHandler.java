package io.eddy.runtime.io.network.netty;

import io.eddy.runtime.io.network.netty.NettyMessage.AddCredit;
import io.eddy.runtime.io.network.netty.NettyMessage.CancelPartitionRequest;
import io.eddy.runtime.io.network.netty.NettyMessage.ErrorResponse;
import io.eddy.runtime.io.network.netty.NettyMessage.PartitionRequest;
import io.eddy.runtime.io.network.partition.PartitionNotFoundException;
import io.eddy.runtime.io.network.partition.ProducerFailedException;
import io.eddy.runtime.io.network.partition.consumer.PartitionRequestClient;
import io.eddy.runtime.io.network.partition.consumer.RemoteInputChannel;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * The client end of one connection to a producer worker, shared by every remote input channel that
 * reads from that worker: registers channels by receiver id, sends their requests and credit, routes
 * errors to them, and fails all of them when the connection is lost.
 *
 * <p>Threads: {@code receivers} is a concurrent map (task threads register and cancel, the event
 * loop looks up); {@code channel} is set once before the handler is handed out. Messages are
 * written only from the event loop (task threads submit a task there): Netty's write path, whose
 * compiled code the data connections share, then never sees a foreign thread, which at the start
 * or end of a job would invalidate that code.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter implements PartitionRequestClient {

    private final InetSocketAddress remoteAddress;
    private final Map<Integer, RemoteInputChannel> receivers = new ConcurrentHashMap<>();
    private volatile Channel channel;
    private volatile IOException connectionFailure;

    ClientHandler(InetSocketAddress remoteAddress) {
        this.remoteAddress = remoteAddress;
    }

    RemoteInputChannel receiver(int receiverId) {
        return receivers.get(receiverId);
    }

    int numberOfReceivers() {
        return receivers.size();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    public void requestSubpartition(RemoteInputChannel inputChannel, int initialCredit) {
        receivers.put(inputChannel.receiverId(), inputChannel);
        IOException failure = connectionFailure;
        if (failure != null) {
            receivers.remove(inputChannel.receiverId());
            inputChannel.onError(failure);
            return;
        }
        PartitionRequest request = new PartitionRequest(inputChannel.partitionId(), inputChannel.subpartition(),
                inputChannel.receiverId(), initialCredit);
        onEventLoop(() -> channel.writeAndFlush(request).addListener((ChannelFutureListener) future -> {
            if (!future.isSuccess()) {
                inputChannel.onError(requestFailed(inputChannel, future.cause()));
            }
        }), () -> inputChannel.onError(requestFailed(inputChannel, new ClosedChannelException())));
    }

    private RemoteTransportException requestFailed(RemoteInputChannel inputChannel, Throwable cause) {
        return new RemoteTransportException("Sending the partition request for " + inputChannel + " to worker at "
                + remoteAddress + " failed: the remote worker may have been lost", remoteAddress, cause);
    }

    /** Runs {@code action} on the channel's event loop, or {@code ifStopped} here if the loop has shut down. */
    private void onEventLoop(Runnable action, Runnable ifStopped) {
        try {
            channel.eventLoop().execute(action);
        } catch (RejectedExecutionException e) {
            ifStopped.run();
        }
    }

    @Override
    public void notifyCreditAvailable(RemoteInputChannel inputChannel) {
        onEventLoop(() -> {
            if (receivers.get(inputChannel.receiverId()) != inputChannel) {
                return;
            }
            int credit = inputChannel.getAndResetUnannouncedCredit();
            if (credit > 0) {
                channel.writeAndFlush(new AddCredit(inputChannel.receiverId(), credit), channel.voidPromise());
            }
        }, () -> { }); // a stopped loop: the connection is gone, and its channels learn that from it
    }

    @Override
    public void cancelRequest(RemoteInputChannel inputChannel) {
        if (receivers.remove(inputChannel.receiverId(), inputChannel) && channel.isActive()) {
            // nothing to cancel if the loop has stopped: the connection is gone with it
            onEventLoop(() -> channel.writeAndFlush(new CancelPartitionRequest(inputChannel.receiverId()), channel.voidPromise()), () -> { });
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ErrorResponse error)) {
            ctx.fireChannelRead(msg);
            return;
        }
        String text = error.message() + " (reported by the producer worker at " + remoteAddress + ")";
        if (error.receiverId() == ErrorResponse.CONNECTION) {
            failAll(new RemoteTransportException(text, remoteAddress, null));
            ctx.close();
            return;
        }
        RemoteInputChannel receiver = receivers.get(error.receiverId());
        if (receiver != null) {
            receiver.onError(switch (error.kind()) {
                case PRODUCER_FAILED -> new ProducerFailedException(text);
                case PARTITION_NOT_FOUND -> new PartitionNotFoundException(text);
                default -> new IOException(text);
            });
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        failAll(new RemoteTransportException("Connection to worker at " + hostAndPort() + " closed unexpectedly: the remote worker"
                + " may have been lost", remoteAddress, null));
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        failAll(new RemoteTransportException("Connection to worker at " + hostAndPort() + " failed (" + cause
                + "): the remote worker may have been lost", remoteAddress, cause));
        ctx.close();
    }

    private String hostAndPort() {
        return remoteAddress.getHostString() + ":" + remoteAddress.getPort();
    }

    private void failAll(IOException failure) {
        if (connectionFailure == null) {
            connectionFailure = failure;
        }
        List<RemoteInputChannel> toFail = new ArrayList<>(receivers.values());
        receivers.clear();
        for (RemoteInputChannel receiver : toFail) {
            receiver.onError(failure);
        }
    }
}
