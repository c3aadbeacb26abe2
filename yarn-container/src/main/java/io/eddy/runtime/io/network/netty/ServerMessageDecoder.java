package io.eddy.runtime.io.network.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.io.IOException;

/**
 * Decodes the client-to-server messages (all small): frames by their length prefix, then the
 * message. One instance per connection.
 */
final class ServerMessageDecoder extends LengthFieldBasedFrameDecoder {

    /** Requests are tiny; anything larger is not an Eddy worker talking. */
    private static final int MAX_FRAME = 1 << 16;

    ServerMessageDecoder() {
        super(MAX_FRAME, 0, 4, 0, 4);
    }

    @Override
    protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
        ByteBuf frame = (ByteBuf) super.decode(ctx, in);
        if (frame == null) {
            return null;
        }
        try {
            byte type = frame.readByte();
            if (type == NettyMessage.BUFFER_RESPONSE) {
                throw new IOException("A client sent a buffer response to the data server at " + ctx.channel().localAddress());
            }
            return NettyMessage.decodeControl(type, frame);
        } finally {
            frame.release();
        }
    }
}
