package io.eddy.hadoop.typeinfo;

import io.eddy.api.common.typeutils.ComparatorContractTest;
import io.eddy.api.common.typeutils.SerializerContractTest;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.util.Random;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.VLongWritable;
import org.junit.jupiter.api.Nested;

/**
 * Writable serializers and comparators keep Eddy's serializer and comparator contracts: Hadoop's
 * key types with their raw comparators and normalized keys, a class compared through readFields and
 * compareTo ({@link Point}), and types with no normalized key.
 */
class WritableTypesContractTest {

    private static Text text(String s) {
        return new Text(s);
    }

    @Nested
    class TextSerializer extends SerializerContractTest<Text> {
        protected TypeSerializer<Text> createSerializer() { return new WritableSerializer<>(Text.class); }
        protected int getLength() { return -1; }
        protected Class<Text> getTypeClass() { return Text.class; }
        protected Text[] getTestData() {
            return new Text[] {text(""), text("a"), text("the quick brown fox"), text("zürich ☃"), text("x".repeat(3000))};
        }
        @Override
        protected Text randomValue(Random random) {
            char[] c = new char[random.nextInt(40)];
            for (int i = 0; i < c.length; i++) {
                c[i] = (char) (' ' + random.nextInt(200));
            }
            return new Text(new String(c));
        }
    }

    @Nested
    class TextComparator extends ComparatorContractTest<Text> {
        protected TypeComparator<Text> createComparator(boolean asc) { return new WritableKeyComparator<>(Text.class, asc); }
        protected TypeSerializer<Text> createSerializer() { return new WritableSerializer<>(Text.class); }
        /** Unsigned UTF-8 byte order, a shorter key first; "é" (0xC3 0xA9) after every ASCII letter. */
        protected Text[] getSortedTestData() {
            return new Text[] {text(""), text("A"), text("Z"), text("a"), text("a\u0000"), text("a\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000"),
                text("abcdefgh"), text("abcdefgh\u0000"), text("abcdefghi"), text("abcdefgé"), text("b"), text("é")};
        }
    }

    @Nested
    class IntSerializer extends SerializerContractTest<IntWritable> {
        protected TypeSerializer<IntWritable> createSerializer() { return new WritableSerializer<>(IntWritable.class); }
        protected int getLength() { return -1; }
        protected Class<IntWritable> getTypeClass() { return IntWritable.class; }
        protected IntWritable[] getTestData() {
            return new IntWritable[] {new IntWritable(0), new IntWritable(-1), new IntWritable(Integer.MIN_VALUE), new IntWritable(Integer.MAX_VALUE)};
        }
        @Override
        protected IntWritable randomValue(Random random) { return new IntWritable(random.nextInt()); }
    }

    @Nested
    class IntComparator extends ComparatorContractTest<IntWritable> {
        protected TypeComparator<IntWritable> createComparator(boolean asc) { return new WritableKeyComparator<>(IntWritable.class, asc); }
        protected TypeSerializer<IntWritable> createSerializer() { return new WritableSerializer<>(IntWritable.class); }
        protected IntWritable[] getSortedTestData() {
            return new IntWritable[] {new IntWritable(Integer.MIN_VALUE), new IntWritable(-256), new IntWritable(-1), new IntWritable(0),
                new IntWritable(1), new IntWritable(255), new IntWritable(256), new IntWritable(Integer.MAX_VALUE)};
        }
    }

    @Nested
    class LongComparator extends ComparatorContractTest<LongWritable> {
        protected TypeComparator<LongWritable> createComparator(boolean asc) { return new WritableKeyComparator<>(LongWritable.class, asc); }
        protected TypeSerializer<LongWritable> createSerializer() { return new WritableSerializer<>(LongWritable.class); }
        protected LongWritable[] getSortedTestData() {
            return new LongWritable[] {new LongWritable(Long.MIN_VALUE), new LongWritable(-1L << 40), new LongWritable(-1), new LongWritable(0),
                new LongWritable(1L << 33), new LongWritable(Long.MAX_VALUE)};
        }
    }

    @Nested
    class VLongComparator extends ComparatorContractTest<VLongWritable> {
        protected TypeComparator<VLongWritable> createComparator(boolean asc) { return new WritableKeyComparator<>(VLongWritable.class, asc); }
        protected TypeSerializer<VLongWritable> createSerializer() { return new WritableSerializer<>(VLongWritable.class); }
        protected VLongWritable[] getSortedTestData() {
            return new VLongWritable[] {new VLongWritable(Long.MIN_VALUE), new VLongWritable(-300), new VLongWritable(0), new VLongWritable(127),
                new VLongWritable(128), new VLongWritable(Long.MAX_VALUE)};
        }
    }

    @Nested
    class BooleanComparator extends ComparatorContractTest<BooleanWritable> {
        protected TypeComparator<BooleanWritable> createComparator(boolean asc) { return new WritableKeyComparator<>(BooleanWritable.class, asc); }
        protected TypeSerializer<BooleanWritable> createSerializer() { return new WritableSerializer<>(BooleanWritable.class); }
        protected BooleanWritable[] getSortedTestData() { return new BooleanWritable[] {new BooleanWritable(false), new BooleanWritable(true)}; }
    }

    @Nested
    class BytesComparator extends ComparatorContractTest<BytesWritable> {
        protected TypeComparator<BytesWritable> createComparator(boolean asc) { return new WritableKeyComparator<>(BytesWritable.class, asc); }
        protected TypeSerializer<BytesWritable> createSerializer() { return new WritableSerializer<>(BytesWritable.class); }
        protected BytesWritable[] getSortedTestData() {
            return new BytesWritable[] {new BytesWritable(new byte[0]), new BytesWritable(new byte[] {0}), new BytesWritable(new byte[] {0, 0}),
                new BytesWritable(new byte[] {1, 2, 3}), new BytesWritable(new byte[] {(byte) 0x80}), new BytesWritable(new byte[] {(byte) 0xFF, 0})};
        }
    }

    @Nested
    class DoubleComparator extends ComparatorContractTest<DoubleWritable> {
        protected TypeComparator<DoubleWritable> createComparator(boolean asc) { return new WritableKeyComparator<>(DoubleWritable.class, asc); }
        protected TypeSerializer<DoubleWritable> createSerializer() { return new WritableSerializer<>(DoubleWritable.class); }
        protected DoubleWritable[] getSortedTestData() {
            return new DoubleWritable[] {new DoubleWritable(Double.NEGATIVE_INFINITY), new DoubleWritable(-2.5), new DoubleWritable(0),
                new DoubleWritable(1e-300), new DoubleWritable(7), new DoubleWritable(Double.POSITIVE_INFINITY)};
        }
    }

    @Nested
    class NullComparator extends ComparatorContractTest<NullWritable> {
        protected TypeComparator<NullWritable> createComparator(boolean asc) { return new WritableKeyComparator<>(NullWritable.class, asc); }
        protected TypeSerializer<NullWritable> createSerializer() { return new WritableSerializer<>(NullWritable.class); }
        protected NullWritable[] getSortedTestData() { return new NullWritable[] {NullWritable.get()}; }
    }

    @Nested
    class PointSerializer extends SerializerContractTest<Point> {
        protected TypeSerializer<Point> createSerializer() { return new WritableSerializer<>(Point.class); }
        protected int getLength() { return -1; }
        protected Class<Point> getTypeClass() { return Point.class; }
        protected Point[] getTestData() { return new Point[] {Point.of(0, 0), Point.of(-1, 5), Point.of(Integer.MAX_VALUE, Integer.MIN_VALUE)}; }
        @Override
        protected Point randomValue(Random random) { return Point.of(random.nextInt(), random.nextInt()); }
    }

    @Nested
    class PointComparator extends ComparatorContractTest<Point> {
        protected TypeComparator<Point> createComparator(boolean asc) { return new WritableKeyComparator<>(Point.class, asc); }
        protected TypeSerializer<Point> createSerializer() { return new WritableSerializer<>(Point.class); }
        protected Point[] getSortedTestData() {
            return new Point[] {Point.of(Integer.MIN_VALUE, 0), Point.of(-1, -1), Point.of(-1, 3), Point.of(0, Integer.MIN_VALUE), Point.of(2, 2)};
        }
    }

    /** Orders Text by its bytes in reverse, as raw bytes only (no object comparison of its own), like a job's sort comparator. */
    public static final class ReverseTextBytes implements org.apache.hadoop.io.RawComparator<Text> {
        @Override
        public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
            return -Text.Comparator.get(Text.class).compare(b1, s1, l1, b2, s2, l2);
        }

        @Override
        public int compare(Text a, Text b) {
            throw new UnsupportedOperationException("compares bytes only");
        }
    }

    @Nested
    class TextByAJobsRawComparator extends ComparatorContractTest<Text> {
        protected TypeComparator<Text> createComparator(boolean asc) {
            return new WritableKeyComparator<>(Text.class, asc, ReverseTextBytes.class, new org.apache.hadoop.mapred.JobConf(false));
        }
        protected TypeSerializer<Text> createSerializer() { return new WritableSerializer<>(Text.class); }
        protected Text[] getSortedTestData() {
            return new Text[] {text("é"), text("b"), text("abcdefghi"), text("abcdefgh"), text("a"), text("Z"), text("A"), text("")};
        }
    }
}
