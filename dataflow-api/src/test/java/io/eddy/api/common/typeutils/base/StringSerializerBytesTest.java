package io.eddy.api.common.typeutils.base;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeutils.ChunkedDataViews;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.core.memory.VarInts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link StringSerializer} encodes straight into a {@link DataOutputSerializer} and through its
 * scratch buffer into any other view: both must write the same bytes, also where the length prefix
 * grows from one byte to two (128 encoded bytes) and the encoded bytes have to move.
 */
class StringSerializerBytesTest {

    private static List<String> strings() {
        List<String> strings = new ArrayList<>(List.of("", "a", "hello", "\0", "grüße", "日本語", "\ud83d\ude00", "x".repeat(70_000)));
        for (int n : new int[] {42, 43, 63, 64, 126, 127, 128, 129, 16_383, 16_384}) {
            strings.add("a".repeat(n));
            strings.add("é".repeat(n / 2) + "a".repeat(n % 2)); // 2 bytes per char: n encoded bytes
            strings.add("中".repeat(n / 3) + "a".repeat(n % 3)); // 3 bytes per char
        }
        Random random = new Random(7);
        for (int i = 0; i < 500; i++) {
            strings.add(BasicSerializersTest.randomString(random));
        }
        return strings;
    }

    @Test
    void writesTheSameBytesIntoADataOutputSerializerAsIntoAnyView() throws IOException {
        StringSerializer serializer = new StringSerializer();
        for (String s : strings()) {
            ChunkedDataViews.Output general = new ChunkedDataViews.Output(1 << 20);
            serializer.serialize(s, general);
            byte[] expected = concat(general.chunks());

            // After other bytes, and in a buffer too small for the string, so that it has to grow.
            DataOutputSerializer direct = new DataOutputSerializer(4);
            direct.writeInt(0xCAFE);
            serializer.serialize(s, direct);
            byte[] actual = Arrays.copyOfRange(direct.getSharedBuffer(), 4, direct.length());

            assertThat(actual).as("encoding of a string of %d chars", s.length()).isEqualTo(expected);
            DataInputDeserializer in = new DataInputDeserializer(actual);
            assertThat(serializer.deserialize(in)).isEqualTo(s);
            assertThat(in.available()).isZero();
        }
    }

    @Test
    void varIntSizesAndPlacementMatchWhatWriteVarIntWrites() throws IOException {
        for (int v : new int[] {0, 1, 127, 128, 300, 16_383, 16_384, (1 << 21) - 1, 1 << 21, (1 << 28) - 1, 1 << 28, Integer.MAX_VALUE}) {
            DataOutputSerializer out = new DataOutputSerializer(8);
            VarInts.writeVarInt(v, out);
            assertThat(VarInts.sizeOfVarInt(v)).as("size of %d", v).isEqualTo(out.length());
            byte[] placed = new byte[8];
            assertThat(VarInts.putVarInt(v, placed, 2)).isEqualTo(2 + out.length());
            assertThat(Arrays.copyOfRange(placed, 2, 2 + out.length())).isEqualTo(out.getCopyOfBuffer());
        }
    }

    private static byte[] concat(List<byte[]> chunks) {
        DataOutputSerializer all = new DataOutputSerializer(64);
        for (byte[] c : chunks) {
            all.write(c);
        }
        return all.getCopyOfBuffer();
    }
}
