package io.eddy.runtime.io.network.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.netty.NettyMessage.AddCredit;
import io.eddy.runtime.io.network.netty.NettyMessage.CancelPartitionRequest;
import io.eddy.runtime.io.network.netty.NettyMessage.CloseRequest;
import io.eddy.runtime.io.network.netty.NettyMessage.ErrorKind;
import io.eddy.runtime.io.network.netty.NettyMessage.ErrorResponse;
import io.eddy.runtime.io.network.netty.NettyMessage.PartitionRequest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every control message survives encoding and decoding, and its length field matches its size. */
class NettyMessageTest {

    @Test
    void controlMessagesRoundTrip() throws IOException {
        List<NettyMessage> messages = List.of(
                new PartitionRequest(new ResultPartitionId(new JobId(-1L, 42L), 3, 1, 7, 2), 5, 99, 2),
                new AddCredit(99, 17),
                new ErrorResponse(ErrorResponse.CONNECTION, ErrorKind.PRODUCER_FAILED, "boom \u00e9\u4e2d"),
                new CancelPartitionRequest(12),
                new CloseRequest());
        for (NettyMessage message : messages) {
            ByteBuf encoded = message.encode(ByteBufAllocator.DEFAULT);
            try {
                assertThat(encoded.readInt()).as("length field of %s", message).isEqualTo(encoded.readableBytes());
                NettyMessage decoded = NettyMessage.decodeControl(encoded.readByte(), encoded);
                assertThat(decoded).isEqualTo(message);
                assertThat(encoded.isReadable()).isFalse();
            } finally {
                encoded.release();
            }
        }
    }

    @Test
    void unknownTypeIsRejectedWithAClearMessage() {
        ByteBuf empty = ByteBufAllocator.DEFAULT.buffer();
        try {
            assertThatThrownBy(() -> NettyMessage.decodeControl((byte) 42, empty)).hasMessageContaining("Unknown message type 42");
        } finally {
            empty.release();
        }
    }
}
