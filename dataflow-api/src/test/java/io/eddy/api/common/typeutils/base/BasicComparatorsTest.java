package io.eddy.api.common.typeutils.base;

import io.eddy.api.common.typeutils.ComparatorContractTest;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Nested;

/** The comparator contract for every basic type comparator. */
class BasicComparatorsTest {

    @Nested
    class BooleanTest extends ComparatorContractTest<Boolean> {
        protected TypeComparator<Boolean> createComparator(boolean asc) { return new BooleanComparator(asc); }
        protected TypeSerializer<Boolean> createSerializer() { return BooleanSerializer.INSTANCE; }
        protected Boolean[] getSortedTestData() { return new Boolean[] {false, true}; }
    }

    @Nested
    class ByteTest extends ComparatorContractTest<Byte> {
        protected TypeComparator<Byte> createComparator(boolean asc) { return new ByteComparator(asc); }
        protected TypeSerializer<Byte> createSerializer() { return ByteSerializer.INSTANCE; }
        protected Byte[] getSortedTestData() { return new Byte[] {Byte.MIN_VALUE, -1, 0, 1, Byte.MAX_VALUE}; }
    }

    @Nested
    class ShortTest extends ComparatorContractTest<Short> {
        protected TypeComparator<Short> createComparator(boolean asc) { return new ShortComparator(asc); }
        protected TypeSerializer<Short> createSerializer() { return ShortSerializer.INSTANCE; }
        protected Short[] getSortedTestData() { return new Short[] {Short.MIN_VALUE, -256, -1, 0, 1, 255, 256, Short.MAX_VALUE}; }
    }

    @Nested
    class IntTest extends ComparatorContractTest<Integer> {
        protected TypeComparator<Integer> createComparator(boolean asc) { return new IntComparator(asc); }
        protected TypeSerializer<Integer> createSerializer() { return IntSerializer.INSTANCE; }
        protected Integer[] getSortedTestData() { return new Integer[] {Integer.MIN_VALUE, -65536, -1, 0, 1, 255, 256, 1 << 24, Integer.MAX_VALUE}; }
    }

    @Nested
    class LongTest extends ComparatorContractTest<Long> {
        protected TypeComparator<Long> createComparator(boolean asc) { return new LongComparator(asc); }
        protected TypeSerializer<Long> createSerializer() { return LongSerializer.INSTANCE; }
        protected Long[] getSortedTestData() { return new Long[] {Long.MIN_VALUE, -1L << 40, -1L, 0L, 1L, 1L << 40, Long.MAX_VALUE}; }
    }

    @Nested
    class FloatTest extends ComparatorContractTest<Float> {
        protected TypeComparator<Float> createComparator(boolean asc) { return new FloatComparator(asc); }
        protected TypeSerializer<Float> createSerializer() { return FloatSerializer.INSTANCE; }
        protected Float[] getSortedTestData() {
            return new Float[] {Float.NEGATIVE_INFINITY, -Float.MAX_VALUE, -1.5f, -Float.MIN_VALUE, -0f, 0f, Float.MIN_VALUE, 2.5f,
                Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NaN};
        }
    }

    @Nested
    class DoubleTest extends ComparatorContractTest<Double> {
        protected TypeComparator<Double> createComparator(boolean asc) { return new DoubleComparator(asc); }
        protected TypeSerializer<Double> createSerializer() { return DoubleSerializer.INSTANCE; }
        protected Double[] getSortedTestData() {
            return new Double[] {Double.NEGATIVE_INFINITY, -1e300, -1.0, -0.0, 0.0, Double.MIN_VALUE, 1.0, 1e300,
                Double.POSITIVE_INFINITY, Double.NaN};
        }
    }

    @Nested
    class CharTest extends ComparatorContractTest<Character> {
        protected TypeComparator<Character> createComparator(boolean asc) { return new CharComparator(asc); }
        protected TypeSerializer<Character> createSerializer() { return CharSerializer.INSTANCE; }
        protected Character[] getSortedTestData() { return new Character[] {'\0', 'A', 'a', 'ü', '\u0800', '\uffff'}; }
    }

    @Nested
    class StringTest extends ComparatorContractTest<String> {
        protected TypeComparator<String> createComparator(boolean asc) { return new StringComparator(asc); }
        protected TypeSerializer<String> createSerializer() { return new StringSerializer(); }
        protected String[] getSortedTestData() {
            // Strings that fit a key or not, differ by trailing '\0's, or have a char cut at the key's end.
            return new String[] {"", "\0", "\0\0", "A", "AB", "Aa", "a", "a\0", "a\0\0\0\0\0\0\0", "a\0\0\0\0\0\0\0\0\0", "ab", "abc",
                "abcdefg", "abcdefghijklmnopqrstuvwxyz0123456789", "abcdefgü", "abd", "ü", "üa", "\u07ff", "\u0800", "\ud83d\ude00", "\uffff"};
        }
    }

    @Nested
    class BigIntTest extends ComparatorContractTest<BigInteger> {
        protected TypeComparator<BigInteger> createComparator(boolean asc) { return new BigIntComparator(asc); }
        protected TypeSerializer<BigInteger> createSerializer() { return BigIntSerializer.INSTANCE; }
        protected BigInteger[] getSortedTestData() {
            return new BigInteger[] {new BigInteger("-99999999999999999999"), BigInteger.valueOf(-1), BigInteger.ZERO,
                BigInteger.TEN, new BigInteger("99999999999999999999")};
        }
    }

    @Nested
    class BigDecTest extends ComparatorContractTest<BigDecimal> {
        protected TypeComparator<BigDecimal> createComparator(boolean asc) { return new BigDecComparator(asc); }
        protected TypeSerializer<BigDecimal> createSerializer() { return BigDecSerializer.INSTANCE; }
        protected BigDecimal[] getSortedTestData() {
            return new BigDecimal[] {new BigDecimal("-1e40"), new BigDecimal("-0.5"), BigDecimal.ZERO, new BigDecimal("0.001"),
                new BigDecimal("12.5"), new BigDecimal("1e40")};
        }
    }

    @Nested
    class InstantTest extends ComparatorContractTest<Instant> {
        protected TypeComparator<Instant> createComparator(boolean asc) { return new InstantComparator(asc); }
        protected TypeSerializer<Instant> createSerializer() { return InstantSerializer.INSTANCE; }
        protected Instant[] getSortedTestData() {
            return new Instant[] {Instant.MIN, Instant.ofEpochSecond(-1, 5), Instant.EPOCH, Instant.ofEpochSecond(0, 1),
                Instant.ofEpochSecond(0, 999_999_999), Instant.ofEpochSecond(1), Instant.MAX};
        }
    }

    @Nested
    class LocalDateTest extends ComparatorContractTest<LocalDate> {
        protected TypeComparator<LocalDate> createComparator(boolean asc) { return new LocalDateComparator(asc); }
        protected TypeSerializer<LocalDate> createSerializer() { return LocalDateSerializer.INSTANCE; }
        protected LocalDate[] getSortedTestData() {
            return new LocalDate[] {LocalDate.MIN, LocalDate.of(-5, 1, 1), LocalDate.EPOCH, LocalDate.of(2024, 2, 29), LocalDate.MAX};
        }
    }
}
