package io.eddy.runtime.streamrecord;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/** {@link StreamElementSerializer#reusingRecords}: one record instance, fresh values, the same bytes. */
class ReusingStreamElementSerializerTest {

    private static final TypeSerializer<String> STRINGS = Types.STRING.createSerializer(new SerializerConfig());

    @Test
    void returnsOneRecordInstanceWithEachNewValueAndTimestamp() throws Exception {
        StreamElementSerializer<String> plain = new StreamElementSerializer<>(STRINGS);
        DataOutputSerializer out = new DataOutputSerializer(64);
        plain.serialize(new StreamRecord<>("first", 42L), out);
        plain.serialize(new StreamRecord<>("second"), out);
        StreamElementSerializer<String> reusing = StreamElementSerializer.reusingRecords(STRINGS);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());

        StreamRecord<String> first = reusing.deserialize(in).asRecord();
        assertThat(first.getValue()).isEqualTo("first");
        assertThat(first.getTimestampOrNull()).isEqualTo(42L);
        String firstValue = first.getValue();
        StreamRecord<String> second = reusing.deserialize(in).asRecord();

        assertThat(second).isSameAs(first);
        assertThat(second.getValue()).isEqualTo("second");
        assertThat(second.getTimestampOrNull()).isNull();
        assertThat(firstValue).isEqualTo("first");
    }

    @Test
    void duplicatesHaveTheirOwnRecordAndWriteTheSameBytes() throws Exception {
        StreamElementSerializer<String> reusing = StreamElementSerializer.reusingRecords(STRINGS);
        TypeSerializer<StreamElement> copy = reusing.duplicate();
        DataOutputSerializer out = new DataOutputSerializer(64);
        reusing.serialize(new StreamRecord<>("v", 7L), out);
        DataOutputSerializer expected = new DataOutputSerializer(64);
        new StreamElementSerializer<>(STRINGS).serialize(new StreamRecord<>("v", 7L), expected);

        assertThat(out.getCopyOfBuffer()).isEqualTo(expected.getCopyOfBuffer());
        assertThat(copy).isNotSameAs(reusing);
        StreamElement a = reusing.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        StreamElement b = copy.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        assertThat(a).isNotSameAs(b);
        assertThat(b.<String>asRecord().getValue()).isEqualTo("v");
    }
}
