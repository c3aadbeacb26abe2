package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.SerializerContractTest;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Random;
import org.junit.jupiter.api.Nested;

/** The serializer contract for every basic type serializer. */
class BasicSerializersTest {

    static String randomString(Random random) {
        int len = random.nextInt(4) == 0 ? random.nextInt(300) : random.nextInt(12);
        StringBuilder sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            int kind = random.nextInt(4);
            sb.append(kind == 0 ? (char) random.nextInt(0x10000) : kind == 1 ? (char) (0x80 + random.nextInt(0x780))
                    : (char) ('a' + random.nextInt(26)));
        }
        return sb.toString();
    }

    @Nested
    class BooleanTest extends SerializerContractTest<Boolean> {
        protected TypeSerializer<Boolean> createSerializer() { return BooleanSerializer.INSTANCE; }
        protected int getLength() { return 1; }
        protected Class<Boolean> getTypeClass() { return Boolean.class; }
        protected Boolean[] getTestData() { return new Boolean[] {true, false}; }
        @Override protected Boolean randomValue(Random r) { return r.nextBoolean(); }
    }

    @Nested
    class ByteTest extends SerializerContractTest<Byte> {
        protected TypeSerializer<Byte> createSerializer() { return ByteSerializer.INSTANCE; }
        protected int getLength() { return 1; }
        protected Class<Byte> getTypeClass() { return Byte.class; }
        protected Byte[] getTestData() { return new Byte[] {0, 1, -1, Byte.MIN_VALUE, Byte.MAX_VALUE}; }
        @Override protected Byte randomValue(Random r) { return (byte) r.nextInt(); }
    }

    @Nested
    class ShortTest extends SerializerContractTest<Short> {
        protected TypeSerializer<Short> createSerializer() { return ShortSerializer.INSTANCE; }
        protected int getLength() { return 2; }
        protected Class<Short> getTypeClass() { return Short.class; }
        protected Short[] getTestData() { return new Short[] {0, 1, -1, Short.MIN_VALUE, Short.MAX_VALUE}; }
        @Override protected Short randomValue(Random r) { return (short) r.nextInt(); }
    }

    @Nested
    class IntTest extends SerializerContractTest<Integer> {
        protected TypeSerializer<Integer> createSerializer() { return IntSerializer.INSTANCE; }
        protected int getLength() { return 4; }
        protected Class<Integer> getTypeClass() { return Integer.class; }
        protected Integer[] getTestData() { return new Integer[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 123456789}; }
        @Override protected Integer randomValue(Random r) { return r.nextInt(); }
    }

    @Nested
    class LongTest extends SerializerContractTest<Long> {
        protected TypeSerializer<Long> createSerializer() { return LongSerializer.INSTANCE; }
        protected int getLength() { return 8; }
        protected Class<Long> getTypeClass() { return Long.class; }
        protected Long[] getTestData() { return new Long[] {0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE}; }
        @Override protected Long randomValue(Random r) { return r.nextLong(); }
    }

    @Nested
    class FloatTest extends SerializerContractTest<Float> {
        protected TypeSerializer<Float> createSerializer() { return FloatSerializer.INSTANCE; }
        protected int getLength() { return 4; }
        protected Class<Float> getTypeClass() { return Float.class; }
        protected Float[] getTestData() {
            return new Float[] {0f, -0f, 1.5f, Float.MIN_VALUE, Float.MAX_VALUE, Float.NaN, Float.NEGATIVE_INFINITY};
        }
        @Override protected Float randomValue(Random r) { return Float.intBitsToFloat(r.nextInt()); }
    }

    @Nested
    class DoubleTest extends SerializerContractTest<Double> {
        protected TypeSerializer<Double> createSerializer() { return DoubleSerializer.INSTANCE; }
        protected int getLength() { return 8; }
        protected Class<Double> getTypeClass() { return Double.class; }
        protected Double[] getTestData() {
            return new Double[] {0d, -0d, 1.5, Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY};
        }
        @Override protected Double randomValue(Random r) { return Double.longBitsToDouble(r.nextLong()); }
    }

    @Nested
    class CharTest extends SerializerContractTest<Character> {
        protected TypeSerializer<Character> createSerializer() { return CharSerializer.INSTANCE; }
        protected int getLength() { return 2; }
        protected Class<Character> getTypeClass() { return Character.class; }
        protected Character[] getTestData() { return new Character[] {'a', '\0', '\uffff', 'ü', '\ud800'}; }
        @Override protected Character randomValue(Random r) { return (char) r.nextInt(0x10000); }
    }

    @Nested
    class StringTest extends SerializerContractTest<String> {
        protected TypeSerializer<String> createSerializer() { return new StringSerializer(); }
        protected int getLength() { return -1; }
        protected Class<String> getTypeClass() { return String.class; }
        protected String[] getTestData() {
            return new String[] {"", "a", "hello world", "\0", "grüße", "日本語", "\ud83d\ude00 emoji", "x".repeat(70_000)};
        }
        @Override protected String randomValue(Random r) { return randomString(r); }
    }

    @Nested
    class VoidTest extends SerializerContractTest<Void> {
        protected TypeSerializer<Void> createSerializer() { return VoidSerializer.INSTANCE; }
        protected int getLength() { return 1; }
        protected Class<Void> getTypeClass() { return Void.class; }
        protected Void[] getTestData() { return new Void[] {null, null}; }
    }

    @Nested
    class BigIntTest extends SerializerContractTest<BigInteger> {
        protected TypeSerializer<BigInteger> createSerializer() { return BigIntSerializer.INSTANCE; }
        protected int getLength() { return -1; }
        protected Class<BigInteger> getTypeClass() { return BigInteger.class; }
        protected BigInteger[] getTestData() {
            return new BigInteger[] {BigInteger.ZERO, BigInteger.ONE.negate(), new BigInteger("123456789012345678901234567890")};
        }
        @Override protected BigInteger randomValue(Random r) { return new BigInteger(r.nextInt(300), r).subtract(BigInteger.TEN); }
    }

    @Nested
    class BigDecTest extends SerializerContractTest<BigDecimal> {
        protected TypeSerializer<BigDecimal> createSerializer() { return BigDecSerializer.INSTANCE; }
        protected int getLength() { return -1; }
        protected Class<BigDecimal> getTypeClass() { return BigDecimal.class; }
        protected BigDecimal[] getTestData() {
            return new BigDecimal[] {BigDecimal.ZERO, new BigDecimal("-1.50"), new BigDecimal("1234567890.0987654321e-40")};
        }
        @Override protected BigDecimal randomValue(Random r) { return new BigDecimal(new BigInteger(80, r), r.nextInt(40) - 20); }
    }

    @Nested
    class InstantTest extends SerializerContractTest<Instant> {
        protected TypeSerializer<Instant> createSerializer() { return InstantSerializer.INSTANCE; }
        protected int getLength() { return 12; }
        protected Class<Instant> getTypeClass() { return Instant.class; }
        protected Instant[] getTestData() { return new Instant[] {Instant.EPOCH, Instant.MIN, Instant.MAX, Instant.ofEpochSecond(-5, 7)}; }
        @Override protected Instant randomValue(Random r) {
            return Instant.ofEpochSecond(r.nextInt() * 10L, r.nextInt(1_000_000_000));
        }
    }

    @Nested
    class LocalDateTest extends SerializerContractTest<LocalDate> {
        protected TypeSerializer<LocalDate> createSerializer() { return LocalDateSerializer.INSTANCE; }
        protected int getLength() { return 8; }
        protected Class<LocalDate> getTypeClass() { return LocalDate.class; }
        protected LocalDate[] getTestData() { return new LocalDate[] {LocalDate.EPOCH, LocalDate.MIN, LocalDate.MAX, LocalDate.of(2024, 2, 29)}; }
        @Override protected LocalDate randomValue(Random r) { return LocalDate.ofEpochDay(r.nextInt(2_000_000) - 1_000_000); }
    }
}
