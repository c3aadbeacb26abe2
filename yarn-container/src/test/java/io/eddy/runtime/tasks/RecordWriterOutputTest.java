package io.eddy.runtime.tasks;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeutils.base.LongSerializer;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.api.ChannelSelectors;
import io.eddy.runtime.io.network.api.RecordWriter;
import io.eddy.runtime.io.network.buffer.Buffer;
import io.eddy.runtime.io.network.buffer.NetworkBufferPool;
import io.eddy.runtime.io.network.event.EventSerializer;
import io.eddy.runtime.io.network.partition.BufferAndBacklog;
import io.eddy.runtime.io.network.partition.ResultPartition;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.io.network.partition.SubpartitionView;
import io.eddy.runtime.io.network.serialization.RecordDeserializer;
import io.eddy.runtime.streamrecord.StreamElement;
import io.eddy.runtime.streamrecord.StreamElementSerializer;
import io.eddy.runtime.streamrecord.StreamRecord;
import io.eddy.runtime.streamrecord.Watermark;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link RecordWriterOutput} puts into each subpartition, read back buffer by buffer. */
class RecordWriterOutputTest {

    private final NetworkBufferPool global = new NetworkBufferPool(16, 1024, false);

    @Test
    void watermarksAreElementsButTheFinalOneIsAnEventOnEveryChannelAfterTheRecordsBeforeIt() throws Exception {
        ResultPartition partition = new ResultPartition(new ResultPartitionId(new JobId(1, 2), 0, 0, 0, 0), "producer", 2,
                global.createLocalPool(4, "producer"), id -> { });
        RecordWriter<StreamElement> writer = new RecordWriter<>(partition, ChannelSelectors.roundRobin(),
                new StreamElementSerializer<>(LongSerializer.INSTANCE), -1);
        TaskIoCounters counters = new TaskIoCounters();
        RecordWriterOutput<Long> output = new RecordWriterOutput<>(writer, "the test edge", counters);

        output.collect(new StreamRecord<>(1L));
        assertThat(counters.outputWatermark()).isEqualTo(TaskIoCounters.NO_WATERMARK);
        output.emitWatermark(new Watermark(5));
        assertThat(counters.outputWatermark()).isEqualTo(5);
        output.collect(new StreamRecord<>(2L));
        output.emitWatermark(Watermark.MAX_WATERMARK);
        partition.finish();

        // Round robin: record 1 to channel 0, record 2 to channel 1; watermarks to both.
        assertThat(read(partition, 0)).containsExactly("record 1", "Watermark(5)", "EndOfEventTimeEvent", "EndOfPartitionEvent");
        assertThat(read(partition, 1)).containsExactly("Watermark(5)", "record 2", "EndOfEventTimeEvent", "EndOfPartitionEvent");
        assertThat(counters.recordsOut()).as("records written, watermarks not counted").isEqualTo(2);
        assertThat(counters.recordsIn()).isZero();
        assertThat(counters.outputWatermark()).as("the final watermark").isEqualTo(Long.MAX_VALUE);
    }

    /** The records, watermarks and events of one subpartition, in order, as strings. */
    private static List<String> read(ResultPartition partition, int channel) throws Exception {
        SubpartitionView view = partition.createSubpartitionView(channel, () -> { });
        RecordDeserializer<StreamElement> records = new RecordDeserializer<>(new StreamElementSerializer<>(LongSerializer.INSTANCE));
        List<String> seen = new ArrayList<>();
        BufferAndBacklog next;
        while ((next = view.getNextBuffer()) != null) {
            Buffer buffer = next.buffer();
            if (buffer.isEvent()) {
                seen.add(EventSerializer.fromBuffer(buffer).toString());
                buffer.recycle();
                continue;
            }
            records.setNextBuffer(buffer);
            while (records.readNext()) {
                StreamElement element = records.record();
                seen.add(element.isRecord() ? "record " + element.asRecord().getValue() : element.toString());
            }
        }
        view.release();
        return seen;
    }
}
