package io.eddy.runtime.rpc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.TooLongFrameException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FrameCodecTest {

    private static final int MAX = 1024;
    private final MessageRegistry registry = TestMessages.registry();
    private final EmbeddedChannel channel = new EmbeddedChannel(
            new FrameCodec.LengthPrefixDecoder(MAX), new FrameCodec.FrameDecoder(registry));

    @AfterEach
    void tearDown() {
        channel.finishAndReleaseAll();
    }

    private ByteBuf encode(FrameKind kind, long correlationId, Message message) {
        return FrameCodec.encode(ByteBufAllocator.DEFAULT, kind, correlationId, message, registry, MAX);
    }

    @Test
    void roundTripsKindCorrelationIdAndPayload() {
        channel.writeInbound(encode(FrameKind.REQUEST, 42, new TestMessages.Echo("hello, Eddy")));
        channel.writeInbound(encode(FrameKind.ONE_WAY, 0, new TestMessages.Seq(-5)));
        InboundFrame request = channel.readInbound();
        assertThat(request.kind()).isEqualTo(FrameKind.REQUEST);
        assertThat(request.correlationId()).isEqualTo(42);
        assertThat(request.typeId()).isEqualTo(2);
        assertThat(request.message()).isEqualTo(new TestMessages.Echo("hello, Eddy"));
        InboundFrame oneWay = channel.readInbound();
        assertThat(oneWay.message()).isEqualTo(new TestMessages.Seq(-5));
        assertThat(oneWay.decodeError()).isNull();
    }

    @Test
    void errorResponseRoundTripsWithNullMessage() {
        channel.writeInbound(encode(FrameKind.ERROR, 9, new ErrorResponse("java.lang.IllegalStateException", null, "trace")));
        InboundFrame frame = channel.readInbound();
        assertThat(frame.kind()).isEqualTo(FrameKind.ERROR);
        assertThat(frame.message()).isEqualTo(new ErrorResponse("java.lang.IllegalStateException", null, "trace"));
    }

    @Test
    void reassemblesFramesDeliveredByteByByte() {
        ByteBuf both = Unpooled.wrappedBuffer(encode(FrameKind.ONE_WAY, 0, new TestMessages.Seq(1)),
                encode(FrameKind.ONE_WAY, 0, new TestMessages.Seq(2)));
        while (both.isReadable()) {
            channel.writeInbound(both.readRetainedSlice(1));
        }
        both.release();
        assertThat(((InboundFrame) channel.readInbound()).message()).isEqualTo(new TestMessages.Seq(1));
        assertThat(((InboundFrame) channel.readInbound()).message()).isEqualTo(new TestMessages.Seq(2));
        assertThat(channel.<Object>readInbound()).isNull();
    }

    @Test
    void heartbeatHasNoPayload() {
        channel.writeInbound(FrameCodec.encodeHeartbeat(ByteBufAllocator.DEFAULT));
        InboundFrame frame = channel.readInbound();
        assertThat(frame.kind()).isEqualTo(FrameKind.HEARTBEAT);
        assertThat(frame.message()).isNull();
        assertThat(frame.decodeError()).isNull();
    }

    @Test
    void sendingMoreThanTheMaximumFrameSizeFailsNamingTheLimit() {
        assertThatThrownBy(() -> encode(FrameKind.ONE_WAY, 0, new TestMessages.Blob(new byte[MAX])))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cannot send Blob")
                .hasMessageContaining("maximum frame size of 1024 bytes")
                .hasMessageContaining("rpc.max-frame-size");
        ByteBuf fits = encode(FrameKind.ONE_WAY, 0, new TestMessages.Blob(new byte[MAX - FrameCodec.HEADER_SIZE - 4]));
        assertThat(fits.readableBytes()).isEqualTo(MAX + FrameCodec.LENGTH_FIELD_SIZE);
        fits.release();
    }

    @Test
    void framesEncodedIntoAnArrayEqualThoseEncodedIntoABufferAndFailAlike() {
        Message[] messages = {new TestMessages.Echo("hello, Eddy"), new TestMessages.Seq(-5),
            new TestMessages.Blob(new byte[MAX - FrameCodec.HEADER_SIZE - 4])};
        for (Message message : messages) {
            ByteBuf buffer = encode(FrameKind.REQUEST, 77, message);
            BoundedArrayOutputView array = FrameCodec.encodeToArray(FrameKind.REQUEST, 77, message, registry, MAX);
            byte[] expected = new byte[buffer.readableBytes()];
            buffer.readBytes(expected);
            buffer.release();
            assertThat(java.util.Arrays.copyOf(array.array(), array.length())).as("%s", message).isEqualTo(expected);
        }
        assertThatThrownBy(() -> FrameCodec.encodeToArray(FrameKind.ONE_WAY, 0, new TestMessages.Blob(new byte[MAX]), registry, MAX))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Cannot send Blob")
                .hasMessageContaining("maximum frame size of 1024 bytes");
        BoundedArrayOutputView seq = FrameCodec.encodeToArray(FrameKind.ONE_WAY, 0, new TestMessages.Seq(3), registry, MAX);
        channel.writeInbound(Unpooled.wrappedBuffer(seq.array(), 0, seq.length()));
        InboundFrame frame = channel.readInbound();
        assertThat(frame.message()).isEqualTo(new TestMessages.Seq(3));
    }

    @Test
    void receivingAnOversizedFrameFailsWithSizeAndLimitBeforeBufferingIt() {
        ByteBuf header = Unpooled.buffer().writeInt(300_000_000).writeInt(1);
        assertThatThrownBy(() -> channel.writeInbound(header))
                .isInstanceOf(TooLongFrameException.class)
                .hasMessageContaining("frame of 300000000 bytes")
                .hasMessageContaining("maximum frame size of 1024 bytes");
    }

    @Test
    void unknownTypeIdYieldsDecodeErrorButKeepsTheStreamUsable() {
        ByteBuf unknown = Unpooled.buffer().writeInt(FrameCodec.HEADER_SIZE).writeInt(77).writeLong(3)
                .writeByte(FrameKind.REQUEST.code);
        channel.writeInbound(unknown);
        channel.writeInbound(encode(FrameKind.ONE_WAY, 0, new TestMessages.Seq(8)));
        InboundFrame bad = channel.readInbound();
        assertThat(bad.kind()).isEqualTo(FrameKind.REQUEST);
        assertThat(bad.correlationId()).isEqualTo(3);
        assertThat(bad.decodeError()).hasMessageContaining("Unknown message type id 77")
                .hasMessageContaining("same Eddy version");
        assertThat(((InboundFrame) channel.readInbound()).message()).isEqualTo(new TestMessages.Seq(8));
    }

    @Test
    void codecThatLeavesBytesUnreadIsReported() {
        channel.writeInbound(encode(FrameKind.ONE_WAY, 0, new TestMessages.Sloppy(1)));
        InboundFrame frame = channel.readInbound();
        assertThat(frame.decodeError()).hasMessageContaining("left 4 bytes of the frame unread");
    }

    @Test
    void truncatedPayloadIsAnEofNotAnIndexError() {
        ByteBuf truncated = Unpooled.buffer().writeInt(FrameCodec.HEADER_SIZE + 2).writeInt(1).writeLong(0)
                .writeByte(FrameKind.ONE_WAY.code).writeShort(7);
        channel.writeInbound(truncated);
        InboundFrame frame = channel.readInbound();
        assertThat(frame.decodeError()).hasMessageContaining("needed 8 more bytes, 2 left");
    }

    @Test
    void unregisteredMessageCannotBeEncoded() {
        assertThatThrownBy(() -> encode(FrameKind.ONE_WAY, 0, new TestMessages.Unregistered()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not registered");
    }

    @Test
    void stringsLongerThanWriteUtfAllowsRoundTrip() {
        String text = "ä".repeat(70_000);
        MessageRegistry big = TestMessages.registry();
        ByteBuf frame = FrameCodec.encode(ByteBufAllocator.DEFAULT, FrameKind.ONE_WAY, 0, new TestMessages.Echo(text), big, 1 << 20);
        EmbeddedChannel wide = new EmbeddedChannel(new FrameCodec.LengthPrefixDecoder(1 << 20), new FrameCodec.FrameDecoder(big));
        wide.writeInbound(frame);
        InboundFrame decoded = wide.readInbound();
        assertThat(((TestMessages.Echo) decoded.message()).text()).isEqualTo(text);
        assertThat(text.getBytes(StandardCharsets.UTF_8).length).isGreaterThan(65535);
        wide.finishAndReleaseAll();
    }
}
