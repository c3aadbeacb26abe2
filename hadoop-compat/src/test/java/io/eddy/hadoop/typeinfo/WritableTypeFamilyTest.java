package io.eddy.hadoop.typeinfo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.TupleTypeInfo;
import io.eddy.api.common.typeinfo.TypeHint;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.MapWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparator;
import org.junit.jupiter.api.Test;

/** The Writable family through Eddy's type analysis, and what a broken or unusual Writable gets. */
class WritableTypeFamilyTest {

    @Test
    void writablesAreWritableTypesWhereverTheyAreUsed() {
        assertThat(TypeInfo.of(Text.class)).isEqualTo(new WritableTypeInfo<>(Text.class));
        assertThat(TypeInfo.of(Point.class)).isEqualTo(new WritableTypeInfo<>(Point.class));
        TypeInfo<Tuple2<Text, IntWritable>> pair = TypeInfo.of(new TypeHint<Tuple2<Text, IntWritable>>() {});
        assertThat(pair).isInstanceOf(TupleTypeInfo.class);
        assertThat(((TupleTypeInfo<?>) pair).<Text>getTypeAt(0)).isEqualTo(new WritableTypeInfo<>(Text.class));
        assertThat(((TupleTypeInfo<?>) pair).<IntWritable>getTypeAt(1)).isEqualTo(new WritableTypeInfo<>(IntWritable.class));
    }

    @Test
    void onlyComparableWritablesAreKeys() {
        assertThat(TypeInfo.of(Text.class).isKeyType()).isTrue();
        WritableTypeInfo<MapWritable> map = new WritableTypeInfo<>(MapWritable.class);
        assertThat(TypeInfo.of(MapWritable.class)).isEqualTo(map);
        assertThat(map.isKeyType()).isFalse();
        assertThatThrownBy(() -> map.createComparator(true, new SerializerConfig()))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining(MapWritable.class.getName())
                .hasMessageContaining("WritableComparable");
    }

    @Test
    void aNonComparableWritableSurvivesARoundTrip() throws IOException {
        MapWritable map = new MapWritable();
        map.put(new Text("k"), new IntWritable(3));
        TypeSerializer<MapWritable> serializer = new WritableTypeInfo<>(MapWritable.class).createSerializer(new SerializerConfig());
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(map, out);
        MapWritable back = serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        assertThat(back).containsEntry(new Text("k"), new IntWritable(3));
    }

    /** Writes eight bytes and reads four. */
    public static final class Lopsided implements Writable {
        @Override
        public void write(DataOutput out) throws IOException {
            out.writeLong(7);
        }

        @Override
        public void readFields(DataInput in) throws IOException {
            in.readInt();
        }
    }

    @Test
    void aWritableThatDoesNotReadBackWhatItWroteFailsTheReadNamingItsClass() throws IOException {
        WritableSerializer<Lopsided> serializer = new WritableSerializer<>(Lopsided.class);
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(new Lopsided(), out);
        serializer.serialize(new Lopsided(), out);
        DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
        assertThatThrownBy(() -> serializer.deserialize(in))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(Lopsided.class.getName())
                .hasMessageContaining("read 4 of the 8 bytes");
    }

    /** Text ordered in reverse by a comparator the program registers. */
    public static final class ReverseText extends Text {
        public ReverseText() {}

        ReverseText(String s) {
            super(s);
        }

        static {
            WritableComparator.define(ReverseText.class, new WritableComparator(ReverseText.class, true) {
                @Override
                public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
                    return -Text.Comparator.get(Text.class).compare(b1, s1, l1, b2, s2, l2);
                }

                @Override
                @SuppressWarnings("rawtypes")
                public int compare(org.apache.hadoop.io.WritableComparable a, org.apache.hadoop.io.WritableComparable b) {
                    return -a.compareTo(b);
                }
            });
        }
    }

    @Test
    void aRegisteredComparatorOrdersBothObjectsAndBytesAndGetsNoNormalizedKey() throws IOException {
        WritableKeyComparator<ReverseText> comparator = new WritableKeyComparator<>(ReverseText.class, true);
        assertThat(comparator.supportsNormalizedKey()).isFalse();
        assertThat(comparator.compare(new ReverseText("a"), new ReverseText("b"))).isPositive();
        WritableSerializer<ReverseText> serializer = new WritableSerializer<>(ReverseText.class);
        DataOutputSerializer a = new DataOutputSerializer(16);
        serializer.serialize(new ReverseText("a"), a);
        DataOutputSerializer b = new DataOutputSerializer(16);
        serializer.serialize(new ReverseText("b"), b);
        assertThat(comparator.compareSerialized(new DataInputDeserializer(a.getCopyOfBuffer()), new DataInputDeserializer(b.getCopyOfBuffer())))
                .isPositive();
        assertThat(new WritableKeyComparator<>(Text.class, true).supportsNormalizedKey()).isTrue();
    }
}
