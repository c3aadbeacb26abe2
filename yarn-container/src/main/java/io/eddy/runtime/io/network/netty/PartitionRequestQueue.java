package io.eddy.runtime.io.network.netty;

import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.event.EventSerializer;
import io.eddy.runtime.io.network.netty.NettyMessage.BufferResponse;
import io.eddy.runtime.io.network.netty.NettyMessage.ErrorKind;
import io.eddy.runtime.io.network.netty.NettyMessage.ErrorResponse;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import io.eddy.runtime.io.network.partition.PartitionNotFoundException;
import io.eddy.runtime.io.network.partition.ProducerFailedException;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The producer side of one connection: the readers of all subpartitions requested over it, and the
 * queue of those that can send now (data and credit). It writes round-robin, one buffer per reader
 * at a time, and only while the Netty channel is writable, so a consumer without credit never holds
 * up the others and the connection's outbound buffer stays small.
 *
 * <p>Threads: everything runs on the connection's event loop; producers only schedule
 * {@link #notifyReaderNonEmpty} onto it.
 */
final class PartitionRequestQueue extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(PartitionRequestQueue.class);

    private final ArrayDeque<CreditBasedReader> availableReaders = new ArrayDeque<>();
    private final Map<Integer, CreditBasedReader> allReaders = new HashMap<>();
    /** Receivers whose request waits for its partition (a cancel removes them). */
    private final Set<Integer> pendingRequests = new HashSet<>();
    private ChannelHandlerContext ctx;

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
    }

    void notifyReaderNonEmptyFromAnyThread(CreditBasedReader reader) {
        ctx.executor().execute(() -> notifyReaderNonEmpty(reader));
    }

    /** A request arrived; its reader is added once the partition is found, unless cancelled meanwhile. */
    void addPendingRequest(int receiverId) {
        pendingRequests.add(receiverId);
    }

    /** Whether the request of {@code receiverId} is still wanted (and no longer pending). */
    boolean takePendingRequest(int receiverId) {
        return pendingRequests.remove(receiverId);
    }

    void addReader(CreditBasedReader reader) {
        CreditBasedReader previous = allReaders.put(reader.receiverId(), reader);
        if (previous != null) {
            previous.release();
        }
        notifyReaderNonEmpty(reader);
    }

    void addCredit(int receiverId, int credit) {
        CreditBasedReader reader = allReaders.get(receiverId);
        if (reader != null) {
            reader.addCredit(credit);
            notifyReaderNonEmpty(reader);
        }
    }

    void cancel(int receiverId) {
        pendingRequests.remove(receiverId);
        CreditBasedReader reader = allReaders.remove(receiverId);
        if (reader != null) {
            reader.release();
        }
    }

    boolean hasReader(int receiverId) {
        return allReaders.containsKey(receiverId);
    }

    /** Tells the receiver its request failed. */
    void sendError(int receiverId, ErrorKind kind, String message) {
        ctx.writeAndFlush(new ErrorResponse(receiverId, kind, message)).addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
    }

    void notifyReaderNonEmpty(CreditBasedReader reader) {
        if (!reader.queued && !reader.released && reader.isAvailable()) {
            reader.queued = true;
            availableReaders.add(reader);
        }
        writeAndFlushIfPossible();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) throws Exception {
        writeAndFlushIfPossible();
        context.fireChannelWritabilityChanged();
    }

    private void writeAndFlushIfPossible() {
        boolean wrote = false;
        while (ctx.channel().isWritable()) {
            CreditBasedReader reader = availableReaders.poll();
            if (reader == null) {
                break;
            }
            reader.queued = false;
            if (reader.released) {
                continue;
            }
            BufferAndBacklog next;
            try {
                next = reader.poll();
            } catch (IOException e) {
                failReader(reader, e);
                wrote = true;
                continue;
            }
            if (next == null) {
                continue;
            }
            Buffer buffer = next.buffer();
            boolean endOfPartition = EventSerializer.isEndOfPartition(buffer);
            BufferResponse response = new BufferResponse(reader.receiverId(), reader.nextSequenceNumber(), next.backlog(), buffer);
            ctx.write(response).addListener((ChannelFutureListener) future -> {
                buffer.recycle();
                if (!future.isSuccess()) {
                    future.channel().pipeline().fireExceptionCaught(future.cause());
                }
            });
            wrote = true;
            if (endOfPartition) {
                allReaders.remove(reader.receiverId(), reader);
                reader.release();
            } else if (reader.isAvailable()) {
                reader.queued = true;
                availableReaders.add(reader);
            }
        }
        if (wrote) {
            ctx.flush();
        }
    }

    private void failReader(CreditBasedReader reader, IOException e) {
        allReaders.remove(reader.receiverId(), reader);
        reader.release();
        ErrorKind kind = e instanceof ProducerFailedException ? ErrorKind.PRODUCER_FAILED
                : e instanceof PartitionNotFoundException ? ErrorKind.PARTITION_NOT_FOUND : ErrorKind.PARTITION_RELEASED;
        ctx.write(new ErrorResponse(reader.receiverId(), kind, describe(e))).addListener(ChannelFutureListener.FIRE_EXCEPTION_ON_FAILURE);
    }

    /** The exception and its causes, one per line, so the consumer sees the producer's root cause. */
    static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(String.valueOf(e.getMessage()));
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            text.append("\n  caused by ").append(cause);
            if (text.length() > 8000) {
                break;
            }
        }
        return text.toString();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) throws Exception {
        releaseAll();
        context.fireChannelInactive();
    }

    void releaseAll() {
        availableReaders.clear();
        for (CreditBasedReader reader : new ArrayList<>(allReaders.values())) {
            reader.release();
        }
        if (!allReaders.isEmpty()) {
            LOG.debug("Released {} subpartition readers of the closed connection from {}", allReaders.size(), ctx.channel().remoteAddress());
        }
        allReaders.clear();
    }
}
