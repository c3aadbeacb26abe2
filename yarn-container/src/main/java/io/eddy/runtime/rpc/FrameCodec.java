package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.MessageToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;

import io.eddy.core.memory.DataOutputView;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The wire format of control-protocol frames (after the authentication handshake):
 *
 * <pre>
 *   int    length          bytes after this field (header + payload), at most the max frame size
 *   int    typeId          registered message type (0 for heartbeats, negative for built-ins)
 *   long   correlationId   0 for one-way messages and heartbeats; pairs responses with requests
 *   byte   kind            {@link FrameKind} code
 *   ...    payload         written by the type's {@link MessageCodec}
 * </pre>
 *
 * Frames are encoded on the sending thread, straight into a pooled {@link ByteBuf} ({@link #encode})
 * on an event loop, else into an array ({@link #encodeToArray}); they are decoded on the event loop by {@link LengthPrefixDecoder} and
 * {@link FrameDecoder}.
 */
final class FrameCodec {

    /** typeId + correlationId + kind. */
    static final int HEADER_SIZE = 4 + 8 + 1;
    static final int LENGTH_FIELD_SIZE = 4;
    private static final int INITIAL_BUFFER = 256;

    private FrameCodec() {}

    /**
     * Encodes one frame. The caller owns the returned buffer (write it to the channel or release it).
     *
     * @throws IllegalArgumentException if the type is not registered or the frame exceeds {@code maxFrameSize}
     * @throws UncheckedIOException if the codec fails
     */
    static <M extends Message> ByteBuf encode(ByteBufAllocator alloc, FrameKind kind, long correlationId, M message,
            MessageRegistry registry, int maxFrameSize) {
        MessageRegistry.Entry<M> entry = registry.entryFor(message);
        ByteBuf buf = alloc.buffer(Math.min(INITIAL_BUFFER, maxFrameSize + LENGTH_FIELD_SIZE), maxFrameSize + LENGTH_FIELD_SIZE);
        try {
            writeFrame(new ByteBufDataOutputView(buf), entry, kind, correlationId, message, maxFrameSize);
            buf.setInt(0, buf.readableBytes() - LENGTH_FIELD_SIZE);
            return buf;
        } catch (RuntimeException | Error e) {
            buf.release();
            throw e;
        }
    }

    /**
     * Encodes one frame into a byte array, for a thread that should not touch Netty's buffers; the
     * frame is {@code [0, length())} of the returned view's {@link BoundedArrayOutputView#array()}.
     * Fails as {@link #encode} does.
     */
    static <M extends Message> BoundedArrayOutputView encodeToArray(FrameKind kind, long correlationId, M message,
            MessageRegistry registry, int maxFrameSize) {
        MessageRegistry.Entry<M> entry = registry.entryFor(message);
        BoundedArrayOutputView out = new BoundedArrayOutputView(INITIAL_BUFFER, maxFrameSize + LENGTH_FIELD_SIZE);
        writeFrame(out, entry, kind, correlationId, message, maxFrameSize);
        int length = out.length() - LENGTH_FIELD_SIZE;
        byte[] array = out.array();
        array[0] = (byte) (length >>> 24);
        array[1] = (byte) (length >>> 16);
        array[2] = (byte) (length >>> 8);
        array[3] = (byte) length;
        return out;
    }

    /** Writes a frame with a zero length field (the caller sets it) to {@code out}. */
    private static <M extends Message> void writeFrame(DataOutputView out, MessageRegistry.Entry<M> entry, FrameKind kind,
            long correlationId, M message, int maxFrameSize) {
        try {
            out.writeInt(0);
            out.writeInt(entry.typeId());
            out.writeLong(correlationId);
            out.writeByte(kind.code);
            entry.codec().write(message, out);
        } catch (FrameTooLargeException e) {
            throw new FrameTooLargeException("Cannot send " + message.getClass().getSimpleName() + ": ",
                    e.atLeastBytes() - LENGTH_FIELD_SIZE, maxFrameSize);
        } catch (IOException e) {
            throw new UncheckedIOException("Codec of " + message.getClass().getName() + " failed to write it: " + e.getMessage(), e);
        }
    }

    /** Encodes a heartbeat frame. */
    static ByteBuf encodeHeartbeat(ByteBufAllocator alloc) {
        ByteBuf buf = alloc.buffer(LENGTH_FIELD_SIZE + HEADER_SIZE);
        buf.writeInt(HEADER_SIZE);
        buf.writeInt(0);
        buf.writeLong(0);
        buf.writeByte(FrameKind.HEARTBEAT.code);
        return buf;
    }

    /**
     * Splits the byte stream into frames, checking each announced length against the limit
     * before buffering anything, so an oversized frame fails at once with its size and the limit.
     * Such a failure leaves the stream unusable: the connection is closed.
     */
    static final class LengthPrefixDecoder extends LengthFieldBasedFrameDecoder {

        private final int maxFrameSize;

        LengthPrefixDecoder(int maxFrameSize) {
            super(maxFrameSize + LENGTH_FIELD_SIZE, 0, LENGTH_FIELD_SIZE, 0, LENGTH_FIELD_SIZE, true);
            this.maxFrameSize = maxFrameSize;
        }

        @Override
        protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
            if (in.readableBytes() >= LENGTH_FIELD_SIZE) {
                long length = in.getUnsignedInt(in.readerIndex());
                if (length > maxFrameSize) {
                    in.skipBytes(in.readableBytes()); // the stream cannot be resynchronised: drop it
                    throw new TooLongFrameException("Received a control-protocol frame of " + length
                            + " bytes from " + ctx.channel().remoteAddress() + ", larger than the maximum frame size of "
                            + maxFrameSize + " bytes: raise " + RpcOptions.MAX_FRAME_SIZE.key() + " on both ends");
                }
                if (length < HEADER_SIZE) {
                    in.skipBytes(in.readableBytes());
                    throw new CorruptedFrameException("Received a control-protocol frame of " + length + " bytes from "
                            + ctx.channel().remoteAddress() + ", shorter than its " + HEADER_SIZE + "-byte header");
                }
            }
            return super.decode(ctx, in);
        }
    }

    /**
     * Turns a frame into an {@link InboundFrame}, decoding the payload with the registered codec.
     * A payload that cannot be decoded (unknown type id, codec failure, bytes left over) does not
     * close the connection: frames are length-delimited, so the next one is still readable.
     * An unknown frame kind does close it (the peer speaks another protocol).
     */
    static final class FrameDecoder extends MessageToMessageDecoder<ByteBuf> {

        private final MessageRegistry registry;

        FrameDecoder(MessageRegistry registry) {
            super(ByteBuf.class);
            this.registry = registry;
        }

        @Override
        protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
            int typeId = frame.readInt();
            long correlationId = frame.readLong();
            byte code = frame.readByte();
            FrameKind kind = FrameKind.ofCode(code);
            if (kind == null) {
                throw new CorruptedFrameException("Received a control-protocol frame of unknown kind " + code + " from "
                        + ctx.channel().remoteAddress() + ": both ends must run the same Eddy version");
            }
            if (kind == FrameKind.HEARTBEAT) {
                out.add(new InboundFrame(kind, typeId, correlationId, null, null));
                return;
            }
            try {
                out.add(new InboundFrame(kind, typeId, correlationId, decodePayload(typeId, frame), null));
            } catch (IOException | RuntimeException e) {
                out.add(new InboundFrame(kind, typeId, correlationId, null, e));
            }
        }

        private Message decodePayload(int typeId, ByteBuf frame) throws IOException {
            MessageRegistry.Entry<?> entry = registry.entryForId(typeId);
            if (entry == null) {
                throw new IOException("Unknown message type id " + typeId + " (protocol version "
                        + registry.protocolVersion() + " does not define it): both ends must run the same Eddy version");
            }
            Message message;
            try {
                message = entry.codec().read(new ByteBufDataInputView(frame));
            } catch (IOException e) {
                throw new IOException("Codec of " + entry.type().getName() + " failed to read it: " + e.getMessage(), e);
            }
            if (frame.isReadable()) {
                throw new IOException("Codec of " + entry.type().getName() + " left " + frame.readableBytes()
                        + " bytes of the frame unread: its read() does not match its write()");
            }
            if (message == null) {
                throw new IOException("Codec of " + entry.type().getName() + " returned null");
            }
            return message;
        }
    }
}
