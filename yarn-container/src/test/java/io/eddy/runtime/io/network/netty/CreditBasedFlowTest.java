package io.eddy.runtime.io.network.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.core.memory.MemorySegment;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.BufferRecycler;
import io.eddy.runtime.io.network.buffer.LocalBufferPool;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.netty.NettyMessage.AddCredit;
import io.eddy.runtime.io.network.netty.NettyMessage.BufferResponse;
import io.eddy.runtime.io.network.netty.NettyMessage.PartitionRequest;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionManager;
import io.eddy.runtime.io.network.partition.consumer.BufferOrEvent;
import io.eddy.runtime.io.network.partition.consumer.RemoteInputChannel;
import io.eddy.runtime.io.network.partition.consumer.SingleInputGate;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Credit accounting of both ends of a connection, with Netty's EmbeddedChannel (no sockets). */
class CreditBasedFlowTest {

    private static final int SEGMENT = 256;
    private static final InetSocketAddress PRODUCER = new InetSocketAddress("127.0.0.1", 4711);

    private final NetworkBufferPool global = new NetworkBufferPool(40, SEGMENT, false);
    private final ResultPartitionId id = new ResultPartitionId(JobId.generate(), 1, 0, 0, 0);

    @Test
    void producerSendsOnlyAgainstCreditAndReportsBacklog() throws Exception {
        ResultPartitionManager manager = new ResultPartitionManager();
        ResultPartition partition = new ResultPartition(id, "producer", 1, global.createLocalPool(10, "producer"), manager::unregister);
        manager.register(partition);
        PartitionRequestQueue queue = new PartitionRequestQueue();
        EmbeddedChannel server = new EmbeddedChannel(NettyMessageEncoder.INSTANCE, new ServerMessageDecoder(),
                new PartitionRequestServerHandler(manager, Duration.ofSeconds(5), queue), queue);

        server.writeInbound(new PartitionRequest(id, 0, 7, 2).encode(server.alloc()));
        server.runPendingTasks();
        assertThat(queue.hasReader(7)).isTrue();
        byte[] fullBuffer = new byte[SEGMENT];
        for (int i = 0; i < 5; i++) {
            partition.emitRecord(0, fullBuffer, fullBuffer.length);
        }
        server.runPendingTasks();
        List<int[]> sent = readBufferResponses(server);
        assertThat(sent).as("two credits: two buffers").hasSize(2);
        assertThat(sent.get(0)).containsExactly(7, 0, 4, SEGMENT);
        assertThat(sent.get(1)).containsExactly(7, 1, 3, SEGMENT);

        server.writeInbound(new AddCredit(7, 10).encode(server.alloc()));
        server.runPendingTasks();
        assertThat(readBufferResponses(server)).extracting(r -> r[1]).containsExactly(2, 3, 4);

        partition.finish();
        server.runPendingTasks();
        List<int[]> end = readBufferResponses(server);
        assertThat(end).hasSize(1);
        assertThat(manager.numberOfPartitions()).as("consumed partition released").isZero();
        assertThat(global.availableSegments()).isEqualTo(global.totalSegments());
        server.finishAndReleaseAll();
    }

    @Test
    void receiverAnnouncesCreditBorrowsFloatingBuffersForBacklogAndFailsOnConnectionLoss() throws Exception {
        ClientHandler handler = new ClientHandler(PRODUCER);
        EmbeddedChannel client = new EmbeddedChannel(NettyMessageEncoder.INSTANCE, new ClientMessageDecoder(handler, SEGMENT), handler);
        LocalBufferPool floating = global.createLocalPool(4, "floating");
        SingleInputGate gate = new SingleInputGate("consumer", 1, floating, () -> { });
        RemoteInputChannel channel = new RemoteInputChannel(gate, 0, id, 0, PRODUCER, address -> CompletableFuture.completedFuture(handler),
                global, floating, 2, 7);
        channel.assignExclusiveSegments();
        gate.setChannel(0, channel);
        gate.requestPartitions();
        client.runPendingTasks(); // the request is written from the event loop

        PartitionRequest request = (PartitionRequest) readControl(client);
        assertThat(request.initialCredit()).isEqualTo(2);
        assertThat(request.receiverId()).isEqualTo(7);
        assertThat(request.partitionId()).isEqualTo(id);

        feedInFragments(client, bufferResponse(7, 0, 3, 100));
        client.runPendingTasks();
        AddCredit borrowed = (AddCredit) readControl(client);
        assertThat(borrowed.credit()).as("backlog 3 + 2 exclusive needs 5 free; 1 exclusive free, so 4 floating").isEqualTo(4);
        assertThat(floating.segmentsInUse()).isEqualTo(4);

        Optional<BufferOrEvent> polled = gate.pollNext();
        assertThat(polled).isPresent();
        Buffer buffer = polled.get().buffer();
        assertThat(buffer.length()).isEqualTo(100);
        assertThat(buffer.segment().get(buffer.offset() + 99)).isEqualTo((byte) 99);
        buffer.recycle();
        client.runPendingTasks();
        assertThat(((AddCredit) readControl(client)).credit()).isEqualTo(1);

        client.pipeline().fireChannelInactive();
        assertThatThrownBy(gate::pollNext)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Connection to worker at 127.0.0.1:4711 closed unexpectedly: the remote worker may have been lost");
        gate.close();
        assertThat(global.availableSegments()).isEqualTo(global.totalSegments());
        client.finishAndReleaseAll();
    }

    private static ByteBuf bufferResponse(int receiverId, int sequence, int backlog, int size) {
        MemorySegment segment = MemorySegment.allocateHeap(size, null);
        for (int i = 0; i < size; i++) {
            segment.put(i, (byte) i);
        }
        BufferResponse response = new BufferResponse(receiverId, sequence, backlog, Buffer.owning(segment, size, false, BufferRecycler.UNPOOLED));
        return Unpooled.wrappedBuffer(response.encode(Unpooled.buffer().alloc()), response.data());
    }

    private static void feedInFragments(EmbeddedChannel channel, ByteBuf bytes) {
        while (bytes.isReadable()) {
            channel.writeInbound(bytes.readRetainedSlice(Math.min(7, bytes.readableBytes())));
        }
        bytes.release();
    }

    private static NettyMessage readControl(EmbeddedChannel channel) throws IOException {
        ByteBuf out = channel.readOutbound();
        assertThat(out).as("an outbound message").isNotNull();
        try {
            out.skipBytes(4);
            return NettyMessage.decodeControl(out.readByte(), out);
        } finally {
            out.release();
        }
    }

    /** Each BufferResponse as {receiverId, sequence, backlog, size}; the data is checked for length only. */
    private static List<int[]> readBufferResponses(EmbeddedChannel channel) {
        List<int[]> responses = new ArrayList<>();
        ByteBuf header;
        while ((header = channel.readOutbound()) != null) {
            header.skipBytes(4);
            assertThat(header.readByte()).isEqualTo(NettyMessage.BUFFER_RESPONSE);
            int[] fields = {header.readInt(), header.readInt(), header.readInt(), 0};
            header.readByte();
            fields[3] = header.readInt();
            header.release();
            ByteBuf data = channel.readOutbound();
            assertThat(data.readableBytes()).isEqualTo(fields[3]);
            data.release();
            responses.add(fields);
        }
        return responses;
    }
}
