package io.eddy.runtime.io.network.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.netty.NettyMessage.AddCredit;
import io.eddy.runtime.io.network.netty.NettyMessage.CancelPartitionRequest;
import io.eddy.runtime.io.network.netty.NettyMessage.PartitionRequest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's frame decoder over a stream of client messages, as they arrive on one connection.
 * A length field that disagrees with the body by even a few bytes makes the decoder wait for bytes
 * that never come (or eat the next message): the partition request is then never served, and a
 * producer whose remote subpartition receives no credit fills its whole pool and stalls. That was
 * the stall of keyed exchanges across two workers.
 */
class ServerMessageDecoderTest {

    private static final PartitionRequest REQUEST =
            new PartitionRequest(new ResultPartitionId(new JobId(7L, 9L), 1, 0, 1, 0), 0, 3, 2);

    @Test
    void aLonePartitionRequestIsDecodedAtOnce() {
        EmbeddedChannel channel = new EmbeddedChannel(new ServerMessageDecoder());
        try {
            channel.writeInbound(REQUEST.encode(ByteBufAllocator.DEFAULT));
            assertThat((Object) channel.readInbound()).as("the request, without waiting for further bytes").isEqualTo(REQUEST);
        } finally {
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void backToBackMessagesSplitAtEveryByteAreDecodedInOrder() {
        List<NettyMessage> sent = List.of(REQUEST, new AddCredit(3, 5), new PartitionRequest(REQUEST.partitionId(), 1, 4, 2),
                new CancelPartitionRequest(3), new AddCredit(4, 1));
        ByteBuf stream = Unpooled.buffer();
        for (NettyMessage message : sent) {
            ByteBuf encoded = message.encode(ByteBufAllocator.DEFAULT);
            stream.writeBytes(encoded);
            encoded.release();
        }
        EmbeddedChannel channel = new EmbeddedChannel(new ServerMessageDecoder());
        try {
            while (stream.isReadable()) {
                channel.writeInbound(stream.readRetainedSlice(1));
            }
            List<Object> received = new ArrayList<>();
            Object next;
            while ((next = channel.readInbound()) != null) {
                received.add(next);
            }
            assertThat(received).containsExactlyElementsOf(sent);
        } finally {
            stream.release();
            channel.finishAndReleaseAll();
        }
    }
}
