package io.eddy.api.common.typeutils;

import io.eddy.api.common.typeinfo.PrimitiveArrayTypeInfo;
import java.util.Random;
import org.junit.jupiter.api.Nested;

/** The serializer contract for the primitive array serializers. */
class PrimitiveArraySerializersTest {

    static final SerializerConfig CONFIG = new SerializerConfig();

    @Nested
    class IntArrayTest extends SerializerContractTest<int[]> {
        protected TypeSerializer<int[]> createSerializer() { return PrimitiveArrayTypeInfo.INT_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<int[]> getTypeClass() { return int[].class; }
        protected int[][] getTestData() { return new int[][] {{}, {1, -1, Integer.MIN_VALUE}, new int[1000]}; }
        @Override protected int[] randomValue(Random r) { return r.ints(r.nextInt(20)).toArray(); }
    }

    @Nested
    class ByteArrayTest extends SerializerContractTest<byte[]> {
        protected TypeSerializer<byte[]> createSerializer() { return PrimitiveArrayTypeInfo.BYTE_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<byte[]> getTypeClass() { return byte[].class; }
        protected byte[][] getTestData() { return new byte[][] {{}, {1, -1, 127}, new byte[300]}; }
        @Override protected byte[] randomValue(Random r) {
            byte[] b = new byte[r.nextInt(40)];
            r.nextBytes(b);
            return b;
        }
    }

    @Nested
    class LongArrayTest extends SerializerContractTest<long[]> {
        protected TypeSerializer<long[]> createSerializer() { return PrimitiveArrayTypeInfo.LONG_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<long[]> getTypeClass() { return long[].class; }
        protected long[][] getTestData() { return new long[][] {{}, {1L, Long.MIN_VALUE, Long.MAX_VALUE}}; }
        @Override protected long[] randomValue(Random r) { return r.longs(r.nextInt(20)).toArray(); }
    }

    @Nested
    class DoubleArrayTest extends SerializerContractTest<double[]> {
        protected TypeSerializer<double[]> createSerializer() { return PrimitiveArrayTypeInfo.DOUBLE_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<double[]> getTypeClass() { return double[].class; }
        protected double[][] getTestData() { return new double[][] {{}, {1.5, Double.NaN, -0.0}}; }
        @Override protected double[] randomValue(Random r) { return r.doubles(r.nextInt(20)).toArray(); }
    }

    @Nested
    class FloatArrayTest extends SerializerContractTest<float[]> {
        protected TypeSerializer<float[]> createSerializer() { return PrimitiveArrayTypeInfo.FLOAT_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<float[]> getTypeClass() { return float[].class; }
        protected float[][] getTestData() { return new float[][] {{}, {1.5f, Float.NaN, -0.0f}}; }
    }

    @Nested
    class ShortArrayTest extends SerializerContractTest<short[]> {
        protected TypeSerializer<short[]> createSerializer() { return PrimitiveArrayTypeInfo.SHORT_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<short[]> getTypeClass() { return short[].class; }
        protected short[][] getTestData() { return new short[][] {{}, {1, Short.MIN_VALUE, Short.MAX_VALUE}}; }
    }

    @Nested
    class CharArrayTest extends SerializerContractTest<char[]> {
        protected TypeSerializer<char[]> createSerializer() { return PrimitiveArrayTypeInfo.CHAR_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<char[]> getTypeClass() { return char[].class; }
        protected char[][] getTestData() { return new char[][] {{}, {'a', '\0', '\uffff'}}; }
    }

    @Nested
    class BooleanArrayTest extends SerializerContractTest<boolean[]> {
        protected TypeSerializer<boolean[]> createSerializer() { return PrimitiveArrayTypeInfo.BOOLEAN_ARRAY.createSerializer(CONFIG); }
        protected int getLength() { return -1; }
        protected Class<boolean[]> getTypeClass() { return boolean[].class; }
        protected boolean[][] getTestData() { return new boolean[][] {{}, {true, false, true}}; }
    }
}
