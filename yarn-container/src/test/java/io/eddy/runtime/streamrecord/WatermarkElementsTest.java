package io.eddy.runtime.streamrecord;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.io.network.partition.ObjectSubpartition;
import org.junit.jupiter.api.Test;

/** Watermarks and watermark statuses between records: over the wire, through the reusing serializer, over object channels. */
class WatermarkElementsTest {

    private static final TypeSerializer<String> STRINGS = Types.STRING.createSerializer(new SerializerConfig());

    @Test
    void watermarksAndStatusesTravelBetweenRecordsThroughTheReusingSerializer() throws Exception {
        StreamElementSerializer<String> plain = new StreamElementSerializer<>(STRINGS);
        DataOutputSerializer out = new DataOutputSerializer(64);
        plain.serialize(new StreamRecord<>("a", 1L), out);
        plain.serialize(new Watermark(17), out);
        plain.serialize(WatermarkStatus.IDLE, out);
        plain.serialize(WatermarkStatus.ACTIVE, out);
        plain.serialize(Watermark.MAX_WATERMARK, out);
        plain.serialize(new StreamRecord<>("b"), out);
        StreamElementSerializer<String> reusing = StreamElementSerializer.reusingRecords(STRINGS);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());

        StreamRecord<String> first = reusing.deserialize(in).asRecord();
        assertThat(first.getValue()).isEqualTo("a");
        StreamElement watermark = reusing.deserialize(in);
        assertThat(watermark.isWatermark()).isTrue();
        assertThat(watermark.asWatermark().getTimestamp()).isEqualTo(17);
        assertThat(reusing.deserialize(in)).isSameAs(WatermarkStatus.IDLE);
        assertThat(reusing.deserialize(in)).isSameAs(WatermarkStatus.ACTIVE);
        assertThat(reusing.deserialize(in)).isSameAs(Watermark.MAX_WATERMARK);
        StreamElement last = reusing.deserialize(in);
        assertThat(last).isSameAs(first);
        assertThat(last.<String>asRecord().getValue()).isEqualTo("b");
        assertThat(in.available()).isZero();
    }

    @Test
    void deserializingIntoARecordReturnsTheWatermarkInstead() throws Exception {
        StreamElementSerializer<String> serializer = new StreamElementSerializer<>(STRINGS);
        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(new Watermark(5), out);
        StreamElement read = serializer.deserialize(new StreamRecord<>("reuse"), new DataInputDeserializer(out.getCopyOfBuffer()));
        assertThat(read).isEqualTo(new Watermark(5));
    }

    @Test
    void objectChannelsHandWatermarksAndStatusesOverAsTheyAre() {
        StreamElementObjectAdapter<String> producer = new StreamElementObjectAdapter<>(STRINGS, 0);
        StreamElementObjectAdapter<String> consumer = new StreamElementObjectAdapter<>(STRINGS, 2);
        Watermark watermark = new Watermark(99);

        Object handedOver = producer.valueOf(watermark);
        assertThat(handedOver).isSameAs(watermark);
        assertThat(producer.timestampOf(watermark)).isEqualTo(ObjectSubpartition.NO_TIMESTAMP);
        assertThat(consumer.toRecord(handedOver, ObjectSubpartition.NO_TIMESTAMP, null, -1, 1)).isSameAs(watermark);
        assertThat(consumer.toRecord(producer.valueOf(WatermarkStatus.IDLE), ObjectSubpartition.NO_TIMESTAMP, null, -1, 0))
                .isSameAs(WatermarkStatus.IDLE);

        StreamElement record = consumer.toRecord(producer.valueOf(new StreamRecord<>("v", 3L)), 3L, null, -1, 0);
        assertThat(record.isRecord()).isTrue();
        assertThat(record.<String>asRecord().getTimestamp()).isEqualTo(3L);
    }

    @Test
    void elementKindsAreToldApart() {
        assertThat(new Watermark(1).isRecord()).isFalse();
        assertThat(new Watermark(1).isWatermarkStatus()).isFalse();
        assertThat(WatermarkStatus.IDLE.isWatermarkStatus()).isTrue();
        assertThat(new StreamRecord<>("x").isWatermark()).isFalse();
        assertThat(WatermarkStatus.of(true)).isSameAs(WatermarkStatus.IDLE);
        assertThat(Watermark.MAX_WATERMARK.toString()).isEqualTo("Watermark(MAX)");
    }
}
