package io.eddy.api.common.typeutils.base;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.DayOfWeek;
import org.junit.jupiter.api.Test;

/**
 * Serializers of this package rebuild their derived state when deserialized, before the first
 * record (docs/types.md, "Derived state"): a task deserializes them with every job.
 */
class DerivedStateTest {

    @Test
    void enumAndStringSerializersHoldTheirDerivedStateBeforeTheFirstRecord() throws Exception {
        EnumSerializer<DayOfWeek> days = javaRoundTrip(new EnumSerializer<>(DayOfWeek.class));
        StringSerializer strings = javaRoundTrip(new StringSerializer());
        assertThat(days.hasConstants()).as("enum constants").isTrue();
        assertThat(strings.hasScratch()).as("string scratch buffer").isTrue();
        assertThat(new StringSerializer().hasScratch()).as("created").isTrue();

        DataOutputSerializer out = new DataOutputSerializer(64);
        days.serialize(DayOfWeek.FRIDAY, out);
        String longer = "x".repeat(200);
        strings.serialize(longer, out);
        DataInputDeserializer in = new DataInputDeserializer(out.getSharedBuffer(), 0, out.length());
        assertThat(days.deserialize(in)).isEqualTo(DayOfWeek.FRIDAY);
        assertThat(strings.deserialize(in)).as("a string longer than the first scratch buffer").isEqualTo(longer);
    }

    @SuppressWarnings("unchecked")
    private static <T> T javaRoundTrip(T object) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        return (T) new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())).readObject();
    }
}
