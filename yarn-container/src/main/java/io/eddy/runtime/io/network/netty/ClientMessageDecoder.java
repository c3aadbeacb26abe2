package io.eddy.runtime.io.network.netty;

import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.network.partition.consumer.RemoteInputChannel;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.io.IOException;

/**
 * Decodes the server-to-client stream. The data of a BufferResponse is copied straight from the
 * socket's ByteBufs into a free segment of its receiving channel as the bytes arrive: the one copy
 * on the receiving side, with no intermediate frame buffer. Other messages (errors) are small and
 * are accumulated, then passed on to the {@link ClientHandler}.
 *
 * <p>Threads: one instance per connection, used only by its event loop.
 */
final class ClientMessageDecoder extends ChannelInboundHandlerAdapter {

    private enum State { FRAME_HEADER, BUFFER_HEADER, BUFFER_DATA, CONTROL_BODY }

    private final ClientHandler receivers;
    private final int maxBufferSize;
    private ByteBuf header;
    private State state = State.FRAME_HEADER;
    private int frameLength;
    private byte type;
    private ByteBuf controlBody;

    private int receiverId;
    private int sequenceNumber;
    private int backlog;
    private boolean event;
    private int size;
    private int copied;
    private RemoteInputChannel channel;
    private MemorySegment target;

    ClientMessageDecoder(ClientHandler receivers, int maxBufferSize) {
        this.receivers = receivers;
        this.maxBufferSize = maxBufferSize;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        header = ctx.alloc().heapBuffer(32);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        header.release();
        if (controlBody != null) {
            controlBody.release();
            controlBody = null;
        }
        if (target != null) {
            channel.returnUnusedSegment(target);
            target = null;
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (!(msg instanceof ByteBuf in)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            while (in.isReadable()) {
                step(ctx, in);
            }
        } finally {
            in.release();
        }
    }

    private void step(ChannelHandlerContext ctx, ByteBuf in) throws IOException {
        switch (state) {
            case FRAME_HEADER -> {
                if (accumulate(in, NettyMessage.FRAME_HEADER)) {
                    frameLength = header.readInt();
                    type = header.readByte();
                    header.clear();
                    startFrame(ctx);
                }
            }
            case BUFFER_HEADER -> {
                if (accumulate(in, NettyMessage.BUFFER_RESPONSE_HEADER)) {
                    startBuffer(ctx);
                }
            }
            case BUFFER_DATA -> copyData(in);
            case CONTROL_BODY -> {
                int n = Math.min(frameLength - 1 - controlBody.readableBytes(), in.readableBytes());
                controlBody.writeBytes(in, n);
                if (controlBody.readableBytes() == frameLength - 1) {
                    ByteBuf body = controlBody;
                    controlBody = null;
                    state = State.FRAME_HEADER;
                    try {
                        ctx.fireChannelRead(NettyMessage.decodeControl(type, body));
                    } finally {
                        body.release();
                    }
                }
            }
            default -> throw new IllegalStateException("Bug: decoder state " + state);
        }
    }

    private void startFrame(ChannelHandlerContext ctx) throws IOException {
        if (type == NettyMessage.BUFFER_RESPONSE) {
            state = State.BUFFER_HEADER;
            return;
        }
        if (frameLength < 1 || frameLength > (1 << 20)) {
            throw new IOException("Corrupt frame of length " + frameLength + " from " + ctx.channel().remoteAddress());
        }
        controlBody = ctx.alloc().heapBuffer(frameLength - 1);
        state = State.CONTROL_BODY;
    }

    private void startBuffer(ChannelHandlerContext ctx) throws IOException {
        receiverId = header.readInt();
        sequenceNumber = header.readInt();
        backlog = header.readInt();
        event = header.readByte() != 0;
        size = header.readInt();
        header.clear();
        if (size < 0 || size > maxBufferSize) {
            throw new IOException("Buffer of " + size + " bytes from " + ctx.channel().remoteAddress() + " exceeds the segment size "
                    + maxBufferSize + ": all workers must use the same NetworkConfig segmentSize");
        }
        channel = receivers.receiver(receiverId);
        target = null;
        if (channel != null) {
            try {
                target = channel.requestSegmentForReceive();
            } catch (IOException e) {
                channel.onError(e);
            }
        }
        copied = 0;
        state = State.BUFFER_DATA;
        if (size == 0) {
            finishBuffer();
        }
    }

    private void copyData(ByteBuf in) {
        int n = Math.min(size - copied, in.readableBytes());
        if (target != null) {
            in.readBytes(target.wrap(copied, n));
        } else {
            in.skipBytes(n);
        }
        copied += n;
        if (copied == size) {
            finishBuffer();
        }
    }

    private void finishBuffer() {
        if (target != null) {
            MemorySegment received = target;
            target = null;
            channel.onBuffer(received, size, sequenceNumber, backlog, event);
        }
        channel = null;
        state = State.FRAME_HEADER;
    }

    private boolean accumulate(ByteBuf in, int needed) {
        int n = Math.min(needed - header.readableBytes(), in.readableBytes());
        header.writeBytes(in, n);
        return header.readableBytes() == needed;
    }
}
