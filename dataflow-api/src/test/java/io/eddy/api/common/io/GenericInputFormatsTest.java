package io.eddy.api.common.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class GenericInputFormatsTest {

    @Test
    void numberSequenceSplitsEvenlyAndCoversTheRangeOnce() throws IOException {
        NumberSequenceInputFormat format = new NumberSequenceInputFormat(-3, 16);
        GenericInputSplit[] splits = format.createInputSplits(3);
        assertThat(splits).hasSize(3);
        List<Integer> sizes = new ArrayList<>();
        List<Long> all = new ArrayList<>();
        for (GenericInputSplit split : splits) {
            List<Long> part = Formats.readSplit(format, split);
            assertThat(part).isSorted();
            sizes.add(part.size());
            all.addAll(part);
        }
        assertThat(sizes).containsExactly(7, 7, 6);
        assertThat(all).containsExactlyElementsOf(LongStream.rangeClosed(-3, 16).boxed().collect(Collectors.toList()));
        assertThat(format.getStatistics(null).numberOfRecords()).isEqualTo(20);
    }

    @Test
    void numberSequenceWithMoreSplitsThanNumbersAndAtTheLongLimit() throws IOException {
        assertThat(Formats.readAll(new NumberSequenceInputFormat(5, 6), 4)).containsExactly(5L, 6L);
        assertThat(Formats.readAll(new NumberSequenceInputFormat(Long.MAX_VALUE - 2, Long.MAX_VALUE), 2))
                .containsExactly(Long.MAX_VALUE - 2, Long.MAX_VALUE - 1, Long.MAX_VALUE);
        assertThatThrownBy(() -> new NumberSequenceInputFormat(2, 1)).hasMessageContaining("from 2 > to 1");
    }

    @Test
    void collectionFormatSurvivesJavaSerializationAndSplitsInOrder() throws Exception {
        List<String> elements = List.of("a", "b", "c", "d", "e");
        CollectionInputFormat<String> format = new CollectionInputFormat<>(elements,
                Types.STRING.createSerializer(new SerializerConfig()));
        CollectionInputFormat<String> copy = roundTrip(format);
        assertThat(Formats.readAll(copy, 1)).containsExactlyElementsOf(elements);
        assertThat(Formats.readAll(copy, 2)).containsExactlyElementsOf(elements);
        GenericInputSplit[] splits = copy.createInputSplits(3);
        assertThat(Formats.readSplit(copy, splits[0])).containsExactly("a", "b");
        assertThat(Formats.readSplit(copy, splits[2])).containsExactly("e");
        assertThat(Formats.readAll(copy, 8)).containsExactlyElementsOf(elements);
    }

    @Test
    void emptyCollection() throws IOException {
        CollectionInputFormat<Long> format = new CollectionInputFormat<>(List.of(),
                Types.LONG.createSerializer(new SerializerConfig()));
        assertThat(Formats.readAll(format, 2)).isEmpty();
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T object) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }
}
