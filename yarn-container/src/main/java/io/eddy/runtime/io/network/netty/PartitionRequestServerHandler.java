package io.eddy.runtime.io.network.netty;

import io.eddy.runtime.io.network.netty.NettyMessage.AddCredit;
import io.eddy.runtime.io.network.netty.NettyMessage.CancelPartitionRequest;
import io.eddy.runtime.io.network.netty.NettyMessage.CloseRequest;
import io.eddy.runtime.io.network.netty.NettyMessage.ErrorKind;
import io.eddy.runtime.io.network.netty.NettyMessage.PartitionRequest;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionManager;
import io.eddy.runtime.io.network.partition.SubpartitionView;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles the requests of one client connection: a partition request waits (up to the partition
 * request timeout) for the partition to be registered, then creates a {@link CreditBasedReader}
 * for it; credit and cancellations go to the {@link PartitionRequestQueue}.
 *
 * <p>Threads: the connection's event loop; partition lookups complete on other threads and hop
 * back onto the loop.
 */
final class PartitionRequestServerHandler extends SimpleChannelInboundHandler<NettyMessage> {

    private static final Logger LOG = LoggerFactory.getLogger(PartitionRequestServerHandler.class);

    private final ResultPartitionManager partitions;
    private final Duration requestTimeout;
    private final PartitionRequestQueue queue;

    PartitionRequestServerHandler(ResultPartitionManager partitions, Duration requestTimeout, PartitionRequestQueue queue) {
        this.partitions = partitions;
        this.requestTimeout = requestTimeout;
        this.queue = queue;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, NettyMessage msg) {
        if (msg instanceof PartitionRequest request) {
            onPartitionRequest(ctx, request);
        } else if (msg instanceof AddCredit credit) {
            queue.addCredit(credit.receiverId(), credit.credit());
        } else if (msg instanceof CancelPartitionRequest cancel) {
            queue.cancel(cancel.receiverId());
        } else if (msg instanceof CloseRequest) {
            ctx.close();
        } else {
            ctx.fireExceptionCaught(new IOException("Unexpected message " + msg.getClass().getSimpleName() + " from client "
                    + ctx.channel().remoteAddress()));
        }
    }

    private void onPartitionRequest(ChannelHandlerContext ctx, PartitionRequest request) {
        queue.addPendingRequest(request.receiverId());
        partitions.awaitPartition(request.partitionId())
                .orTimeout(requestTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((partition, failure) -> ctx.executor().execute(() -> {
                    if (!ctx.channel().isActive() || !queue.takePendingRequest(request.receiverId())) {
                        return;
                    }
                    if (failure != null) {
                        rejectRequest(ctx, request, failure);
                    } else {
                        startReading(request, partition);
                    }
                }));
    }

    private void rejectRequest(ChannelHandlerContext ctx, PartitionRequest request, Throwable failure) {
        if (failure instanceof TimeoutException) {
            queue.sendError(request.receiverId(), ErrorKind.PARTITION_NOT_FOUND, request.partitionId()
                    + " was not registered at the producer worker at " + ctx.channel().localAddress() + " within "
                    + requestTimeout.toMillis() + " ms: the producer task was not deployed there or failed before creating it"
                    + " (NetworkConfig partitionRequestTimeout)");
        } else {
            queue.sendError(request.receiverId(), ErrorKind.PROTOCOL, "Looking up " + request.partitionId() + " failed: " + failure);
        }
    }

    private void startReading(PartitionRequest request, ResultPartition partition) {
        CreditBasedReader reader = new CreditBasedReader(request.receiverId(), request.initialCredit(), queue);
        try {
            SubpartitionView view = partition.createSubpartitionView(request.subpartition(), reader);
            reader.setView(view);
            queue.addReader(reader);
        } catch (IOException e) {
            queue.sendError(request.receiverId(), ErrorKind.PROTOCOL, e.getMessage());
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("Closing the data connection from {} after an error", ctx.channel().remoteAddress(), cause);
        queue.sendError(NettyMessage.ErrorResponse.CONNECTION, ErrorKind.PROTOCOL, "The producer worker closed the connection after"
                + " an error: " + cause);
        ctx.close();
    }
}
