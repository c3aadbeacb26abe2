package io.eddy.runtime.io.network.serialization;

import io.eddy.core.memory.DataOutputSerializer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.event.EventSerializer;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.SubpartitionView;
import io.eddy.runtime.io.network.testutils.TestRecord;
import io.eddy.runtime.io.network.testutils.TestRecordSerializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Records written through a result partition into small buffers and read back with one
 * deserializer per subpartition: records spanning two, many or thousands of buffers, random sizes,
 * many subpartitions. Single-threaded: after each record, all subpartitions are drained.
 */
class SpanningRecordTest {

    private static final int SEGMENT = 128;

    private final NetworkBufferPool global = new NetworkBufferPool(4000, SEGMENT, false);
    private final DataOutputSerializer out = new DataOutputSerializer(64);

    @Test
    void tinyBuffersRandomSizesManyChannels() throws Exception {
        check(8, 3000, new Random(42), 600);
    }

    @Test
    void hugeRecordsSpanThousandsOfBuffers() throws Exception {
        check(2, 6, new Random(7), 300_000);
    }

    @Test
    void recordsFillingBuffersExactlyAndEmptyPayloads() throws Exception {
        Harness harness = new Harness(1);
        int headerBytes = 4 + 4 + 8 + 4;
        List<TestRecord> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            int payload = i % 2 == 0 ? SEGMENT - headerBytes : 0;
            TestRecord record = TestRecord.of(0, i, payload);
            harness.write(0, record);
            sent.add(record);
        }
        harness.partition.finish();
        assertThat(harness.drain(0)).containsExactlyElementsOf(sent);
        harness.release();
        assertThat(global.availableSegments()).isEqualTo(global.totalSegments());
    }

    @Test
    void recordsUpToTheInitialCapacityNeverGrowTheSpanningArray() throws Exception {
        Harness harness = new Harness(1);
        int headerBytes = 4 + 4 + 8 + 4;
        List<TestRecord> sent = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            // Up to the initial capacity, framing excluded; most of them span two or three 128-byte buffers.
            TestRecord record = TestRecord.of(0, i, (i * 37) % (RecordDeserializer.INITIAL_SPANNING_CAPACITY - headerBytes + 1));
            harness.write(0, record);
            sent.add(record);
        }
        harness.partition.finish();
        assertThat(harness.drain(0)).containsExactlyElementsOf(sent);
        assertThat(harness.deserializers.get(0).spanningCapacity()).isEqualTo(RecordDeserializer.INITIAL_SPANNING_CAPACITY);
        harness.release();
    }

    @Test
    void serializerMismatchIsReportedWithTheFix() throws Exception {
        Harness harness = new Harness(1);
        RecordFraming.start(out);
        out.writeInt(1);
        harness.partition.emitRecord(0, out.getSharedBuffer(), RecordFraming.finish(out));
        harness.partition.finish();
        assertThatThrownBy(() -> harness.drain(0)).isInstanceOf(IOException.class).hasMessageContaining("serializers do not match");
    }

    private void check(int channels, int count, Random random, int maxPayload) throws Exception {
        Harness harness = new Harness(channels);
        List<List<TestRecord>> sent = new ArrayList<>();
        List<List<TestRecord>> received = new ArrayList<>();
        for (int i = 0; i < channels; i++) {
            sent.add(new ArrayList<>());
            received.add(new ArrayList<>());
        }
        for (int i = 0; i < count; i++) {
            int channel = random.nextInt(channels);
            TestRecord record = TestRecord.of(channel, i, random.nextInt(maxPayload));
            harness.write(channel, record);
            sent.get(channel).add(record);
            if (random.nextInt(4) == 0) {
                harness.partition.flush(channel);
            }
            for (int c = 0; c < channels; c++) {
                received.get(c).addAll(harness.poll(c));
            }
        }
        harness.partition.finish();
        for (int c = 0; c < channels; c++) {
            received.get(c).addAll(harness.drain(c));
            assertThat(received.get(c)).as("channel %d", c).containsExactlyElementsOf(sent.get(c));
        }
        harness.release();
        assertThat(global.availableSegments()).isEqualTo(global.totalSegments());
    }

    private final class Harness {
        final ResultPartition partition;
        final SubpartitionView[] views;
        final List<RecordDeserializer<TestRecord>> deserializers = new ArrayList<>();
        final boolean[] ended;

        Harness(int channels) throws IOException {
            ResultPartitionId id = new ResultPartitionId(JobId.generate(), 0, 0, 0, 0);
            partition = new ResultPartition(id, "test", channels, global.createLocalPool(3900, "test"), p -> { });
            views = new SubpartitionView[channels];
            ended = new boolean[channels];
            for (int i = 0; i < channels; i++) {
                views[i] = partition.createSubpartitionView(i, () -> { });
                deserializers.add(new RecordDeserializer<>(TestRecordSerializer.INSTANCE));
            }
        }

        void write(int channel, TestRecord record) throws Exception {
            RecordFraming.start(out);
            TestRecordSerializer.INSTANCE.serialize(record, out);
            partition.emitRecord(channel, out.getSharedBuffer(), RecordFraming.finish(out));
        }

        List<TestRecord> poll(int channel) throws IOException {
            List<TestRecord> result = new ArrayList<>();
            RecordDeserializer<TestRecord> deserializer = deserializers.get(channel);
            BufferAndBacklog next;
            while ((next = views[channel].getNextBuffer()) != null) {
                Buffer buffer = next.buffer();
                if (buffer.isEvent()) {
                    assertThat(EventSerializer.isEndOfPartition(buffer)).isTrue();
                    assertThat(deserializer.hasPartialRecord()).isFalse();
                    ended[channel] = true;
                    buffer.recycle();
                    continue;
                }
                deserializer.setNextBuffer(buffer);
                while (deserializer.readNext()) {
                    TestRecord record = deserializer.record();
                    assertThat(record.payloadIntact()).as("payload of %s", record).isTrue();
                    result.add(record);
                }
            }
            return result;
        }

        List<TestRecord> drain(int channel) throws IOException {
            List<TestRecord> result = poll(channel);
            assertThat(ended[channel]).as("end of partition on channel %d", channel).isTrue();
            return result;
        }

        void release() {
            partition.release();
        }
    }
}
