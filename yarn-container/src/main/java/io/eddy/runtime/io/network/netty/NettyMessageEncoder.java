package io.eddy.runtime.io.network.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;

/**
 * Encodes {@link NettyMessage}s. A BufferResponse becomes two writes, its header and its data
 * wrapped without a copy; the promise completes when the data was written, and its owner recycles
 * the buffer then. Stateless, so one instance serves every pipeline.
 */
@ChannelHandler.Sharable
final class NettyMessageEncoder extends ChannelOutboundHandlerAdapter {

    static final NettyMessageEncoder INSTANCE = new NettyMessageEncoder();

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof NettyMessage.BufferResponse response) {
            ctx.write(response.encode(ctx.alloc()), ctx.voidPromise());
            ctx.write(response.data(), promise);
        } else if (msg instanceof NettyMessage message) {
            ctx.write(message.encode(ctx.alloc()), promise);
        } else {
            ctx.write(msg, promise);
        }
    }
}
