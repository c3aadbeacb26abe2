package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.functions.Collector;
import io.eddy.api.common.functions.ReduceFunction;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TupleSerializer;
import io.eddy.api.common.typeutils.base.StringSerializer;
import io.eddy.api.java.tuple.Tuple;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BinaryCombiningTableTest extends CombiningTableContractTest {

    private static final TypeInfo<Tuple2<String, Long>> COUNT_TYPE = Types.TUPLE(Types.STRING, Types.LONG);
    private static final TypeInfo<Tuple2<Integer, String>> TEXT_TYPE = Types.TUPLE(Types.INT, Types.STRING);
    private static final TypeInfo<Tuple3<String, Integer, Long>> PAIR_COUNT_TYPE = Types.TUPLE(Types.STRING, Types.INT, Types.LONG);

    @SuppressWarnings("unchecked")
    private static <T extends Tuple> BinaryCombiningTable<T> table(TypeInfo<T> type, int[] keys, ReduceFunction<T> reducer, long budget,
            Collector<T> out) {
        assertThat(BinaryCombiningTable.supports(type, keys)).as("supports " + type).isTrue();
        return new BinaryCombiningTable<>((TupleSerializer<T>) type.createSerializer(new SerializerConfig()), keys, reducer, budget, out);
    }

    @Override
    BinaryCombiningTable<Tuple2<String, Long>> counts(ReduceFunction<Tuple2<String, Long>> reducer, long budget,
            Collector<Tuple2<String, Long>> out) {
        return table(COUNT_TYPE, new int[] {0}, reducer, budget, out);
    }

    /** The chunks and slots: exact. */
    @Override
    long heldBytes(CombiningTable<Tuple2<String, Long>> table) {
        return ((BinaryCombiningTable<Tuple2<String, Long>>) table).memoryBytes();
    }

    @Test
    void supportsStandardTuplesOfBasicFieldsKeyedByFieldsWithOneSerializedFormPerValue() {
        assertThat(BinaryCombiningTable.supports(COUNT_TYPE, new int[] {0})).isTrue();
        assertThat(BinaryCombiningTable.supports(COUNT_TYPE, new int[] {1})).isTrue();
        assertThat(BinaryCombiningTable.supports(PAIR_COUNT_TYPE, new int[] {1, 0})).isTrue();
        assertThat(BinaryCombiningTable.supports(Types.TUPLE(Types.BOOLEAN, Types.CHAR, Types.BYTE, Types.SHORT), new int[] {0, 1, 2, 3}))
                .isTrue();
        assertThat(BinaryCombiningTable.supports(Types.TUPLE(Types.DOUBLE, Types.LONG), new int[] {0}))
                .as("a double's equal values (0.0, -0.0) have two forms").isFalse();
        assertThat(BinaryCombiningTable.supports(Types.TUPLE(Types.TUPLE(Types.INT, Types.INT), Types.LONG), new int[] {0}))
                .as("nested fields").isFalse();
        assertThat(BinaryCombiningTable.supports(Types.TUPLE(Types.INT, Types.PRIMITIVE_ARRAY(Types.DOUBLE), Types.LONG), new int[] {0}))
                .as("an array value: cheaper to reduce as objects than serialized on every update").isFalse();
        assertThat(BinaryCombiningTable.supports(COUNT_TYPE, new int[] {0, 0})).as("a field twice").isFalse();
        assertThat(BinaryCombiningTable.supports(COUNT_TYPE, new int[] {2})).as("no such field").isFalse();
        assertThat(BinaryCombiningTable.supports(Types.STRING, new int[] {0})).as("not a tuple").isFalse();
    }

    @Test
    void aValueThatChangesLengthMovesAndTheOldBytesCountUntilTheNextFlush() throws Exception {
        // Two keys whose values are concatenations: every update appends a longer entry, so the
        // table fills up with superseded entries and must flush on the budget, in order per key.
        Partials<Tuple2<Integer, String>> out = new Partials<>();
        long budget = 64 << 10;
        BinaryCombiningTable<Tuple2<Integer, String>> table = table(TEXT_TYPE, new int[] {0}, (a, b) -> Tuple2.of(a.f0, a.f1 + b.f1), budget,
                out);
        StringBuilder all0 = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            String piece = Integer.toString(i % 10);
            table.updateOrInsert(Tuple2.of(i % 2, piece));
            if (i % 2 == 0) {
                all0.append(piece);
            }
            assertThat(table.memoryBytes()).isLessThanOrEqualTo(budget);
        }
        table.flush();
        assertThat(table.flushCount()).isGreaterThan(2);
        StringBuilder joined0 = new StringBuilder();
        for (Tuple2<Integer, String> t : out.records) {
            if (t.f0 == 0) {
                joined0.append(t.f1);
            }
        }
        assertThat(joined0.toString().equals(all0.toString())).as("partials of key 0, in order").isTrue();
    }

    @Test
    void combinesByAKeyOfSeveralFieldsInAnyOrder() throws Exception {
        Partials<Tuple3<String, Integer, Long>> out = new Partials<>();
        BinaryCombiningTable<Tuple3<String, Integer, Long>> table = table(PAIR_COUNT_TYPE, new int[] {1, 0}, (a, b) -> {
            a.f2 += b.f2;
            return a;
        }, 1 << 20, out);
        Map<String, Long> expected = new HashMap<>();
        Random random = new Random(4);
        for (int i = 0; i < 10_000; i++) {
            String s = "s" + random.nextInt(20);
            int n = random.nextInt(20);
            long v = random.nextInt(1000);
            table.updateOrInsert(Tuple3.of(s, n, v));
            expected.merge(s + "/" + n, v, Long::sum);
        }
        table.flush();
        Map<String, Long> actual = new HashMap<>();
        for (Tuple3<String, Integer, Long> t : out.records) {
            assertThat(actual.put(t.f0 + "/" + t.f1, t.f2)).as("one value per key").isNull();
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void passesTheStoredValuesWithTheIncomingKeyAndTakesWhateverTheFunctionReturns() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        List<String> seen = new ArrayList<>();
        // The larger of the two, returning the second argument or a new tuple, never the first.
        BinaryCombiningTable<Tuple2<String, Long>> table = counts((a, b) -> {
            seen.add(a.f0 + "=" + b.f0);
            return b.f1 > a.f1 ? b : Tuple2.of(a.f0, a.f1);
        }, 1 << 20, out);
        long[] values = {5, 3, 9, 1, 9, 12, 2};
        for (long v : values) {
            table.updateOrInsert(Tuple2.of("k", v));
            table.updateOrInsert(Tuple2.of("other", -v));
        }
        table.flush();
        assertThat(sums(out.records)).isEqualTo(Map.of("k", 12L, "other", -1L));
        assertThat(seen).hasSize(2 * (values.length - 1)).allSatisfy(s -> assertThat(s).matches("(k=k|other=other)"));
    }

    @Test
    void passesOnARecordLargerThanTheWholeBudgetAndCombinesTheOthers() throws Exception {
        Partials<Tuple2<String, Long>> out = new Partials<>();
        long budget = 64 << 10;
        BinaryCombiningTable<Tuple2<String, Long>> table = counts(SUM_INTO_FIRST, budget, out);
        String huge = "x".repeat(100_000);
        String large = "y".repeat(20_000);
        for (int i = 0; i < 10; i++) {
            table.updateOrInsert(Tuple2.of("small", 1L));
            table.updateOrInsert(Tuple2.of(huge, 1L));
            table.updateOrInsert(Tuple2.of(large, 1L));
        }
        table.flush();
        assertThat(sums(out.records)).isEqualTo(Map.of("small", 10L, huge, 10L, large, 10L));
        assertThat(out.records.stream().filter(t -> t.f0.equals(large)).count()).as("an entry larger than a chunk is kept").isEqualTo(1);
        assertThat(out.records.stream().filter(t -> t.f0.equals(huge)).count()).as("one larger than the budget is passed on").isEqualTo(10);
        assertThat(table.flushCount()).as("without emptying the table").isEqualTo(1);
        assertThat(table.memoryBytes()).isLessThanOrEqualTo(budget);
    }

    @Test
    void aNullKeyFieldFailsNamingTheField() throws Exception {
        BinaryCombiningTable<Tuple2<String, Long>> table = counts(SUM_INTO_FIRST, 1 << 20, new Partials<>());
        table.updateOrInsert(Tuple2.of(null, 1L));
        assertThatThrownBy(table::flush).isInstanceOf(NullPointerException.class).hasMessageContaining("field f0 is null");
    }

    @Test
    void combinesSeveralValueFieldsAndAValueThatChangesLength() throws Exception {
        Partials<Tuple3<String, Long, String>> out = new Partials<>();
        // Two value fields: a sum, and the longest text seen (its length changes, so the entry moves).
        BinaryCombiningTable<Tuple3<String, Long, String>> table = table(Types.TUPLE(Types.STRING, Types.LONG, Types.STRING), new int[] {0},
                (a, b) -> Tuple3.of(a.f0, a.f1 + b.f1, b.f2.length() > a.f2.length() ? b.f2 : a.f2), 1 << 20, out);
        Map<String, Long> sums = new HashMap<>();
        Map<String, String> longest = new HashMap<>();
        Random random = new Random(5);
        for (int i = 0; i < 5_000; i++) {
            String key = "key-" + random.nextInt(200);
            long value = random.nextInt(1_000);
            String text = "t".repeat(random.nextInt(30));
            table.updateOrInsert(Tuple3.of(key, value, text));
            sums.merge(key, value, Long::sum);
            longest.merge(key, text, (x, y) -> y.length() > x.length() ? y : x);
        }
        table.flush();
        assertThat(out.records).hasSize(sums.size());
        for (Tuple3<String, Long, String> t : out.records) {
            assertThat(t.f1).as("sum of " + t.f0).isEqualTo(sums.get(t.f0));
            assertThat(t.f2.length()).as("longest text of " + t.f0).isEqualTo(longest.get(t.f0).length());
        }
    }

    @Test
    void aReduceResultWithANullValueFailsNamingTheField() throws Exception {
        BinaryCombiningTable<Tuple2<String, Long>> table = counts((a, b) -> Tuple2.of(a.f0, null), 1 << 20, new Partials<>());
        table.updateOrInsert(Tuple2.of("k", 1L));
        table.updateOrInsert(Tuple2.of("k", 1L));
        assertThatThrownBy(table::flush).isInstanceOf(NullPointerException.class).hasMessageContaining("field f1 is null");
    }

    @Test
    void stringKeysOfAnyCharsAndLengthAreFoundByTheirValue() throws Exception {
        // Keys a string table compares char by char or by their bytes: ASCII, Latin-1 and other BMP chars,
        // a surrogate pair, the empty string, lengths around the one-byte length prefix, equal hash
        // codes ("Aa", "BB"), and strings whose chars look like another key's encoded bytes ("é" is C3 A9).
        List<String> keys = new ArrayList<>(List.of("", "a", "Aa", "BB", "AaAa", "BBBB", "AaBB", "\u00e9", "\u00c3\u00a9", "\u00c3\u0083\u00c2\u00a9",
                "a\u0000", "\u0000", "\u03a9", "a\u0100", "a\u0001", "\ud83d\ude00", "x".repeat(126), "x".repeat(127), "x".repeat(128),
                "x".repeat(300), "\u00e9".repeat(64), "\u00e9".repeat(63) + "e"));
        for (int i = 0; i < 300; i++) {
            keys.add("word" + i);
        }
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        Partials<Tuple2<String, Long>> out = new Partials<>();
        BinaryCombiningTable<Tuple2<String, Long>> table = counts(SUM_INTO_FIRST, 1 << 20, out);
        Map<String, Long> expected = new HashMap<>();
        Random random = new Random(9);
        for (int i = 0; i < 20_000; i++) {
            // A new String object each time, as a split line gives.
            String key = new String(keys.get(random.nextInt(keys.size())).toCharArray());
            long value = random.nextInt(100);
            table.updateOrInsert(Tuple2.of(key, value));
            expected.merge(key, value, Long::sum);
        }
        table.flush();
        assertThat(out.records).as("one value per key").hasSize(expected.size());
        assertThat(sums(out.records)).isEqualTo(expected);
    }

    @Test
    void aStringKeyEqualsAStoredKeyExactlyWhenItsSerializedBytesDo() throws Exception {
        BinaryCombiningTable<Tuple2<String, Long>> table = counts(SUM_INTO_FIRST, 1 << 20, new Partials<>());
        List<String> strings = List.of("", "a", "ab", "ba", "\u0000", "a\u0000", "\u00e9", "\u00c3\u00a9", "\u03a9", "\ud83d\ude00",
                "x".repeat(127), "x".repeat(128), "\u0001" + "x".repeat(128), "\u0002" + "x".repeat(128), "\u00e9".repeat(64));
        Random random = new Random(3);
        for (String stored : strings) {
            DataOutputSerializer out = new DataOutputSerializer(16);
            new StringSerializer().serialize(stored, out);
            // The stored key placed at a random offset between other bytes, as in a chunk.
            int start = 1 + random.nextInt(20);
            byte[] bytes = placed(out.getCopyOfBuffer(), start, random);
            for (String s : strings) {
                assertThat(table.stringEquals(s, bytes, start, out.length())).as("'%s' against stored '%s'", s, stored).isEqualTo(s.equals(stored));
            }
        }
    }

    @Test
    void refusesABudgetTooSmall() {
        assertThatThrownBy(() -> counts(SUM_INTO_FIRST, 1000, new Partials<>()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1000 bytes")
                .hasMessageContaining("managed memory");
    }

    @Test
    void keyBytesHashAndCompareByEveryByteAndNothingAround() {
        Random random = new Random(11);
        for (int length = 0; length <= 40; length++) {
            byte[] key = new byte[length];
            random.nextBytes(key);
            // The same key at other offsets, with other bytes before and after it.
            byte[] a = placed(key, 3, random);
            byte[] b = placed(key, 17, random);
            assertThat(BinaryCombiningTable.hash(a, 3, length)).as("hash of %d bytes", length).isEqualTo(BinaryCombiningTable.hash(b, 17, length));
            assertThat(BinaryCombiningTable.keyEquals(a, 3, b, 17, length)).as("equal keys of %d bytes", length).isTrue();
            for (int i = 0; i < length; i++) {
                byte[] changed = b.clone();
                changed[17 + i] ^= (byte) (1 + random.nextInt(255));
                assertThat(BinaryCombiningTable.keyEquals(a, 3, changed, 17, length)).as("byte %d of %d changed", i, length).isFalse();
                assertThat(BinaryCombiningTable.hash(changed, 17, length)).as("hash, byte %d of %d changed", i, length)
                        .isNotEqualTo(BinaryCombiningTable.hash(a, 3, length));
            }
        }
    }

    private static byte[] placed(byte[] key, int offset, Random random) {
        byte[] array = new byte[offset + key.length + 9];
        random.nextBytes(array);
        System.arraycopy(key, 0, array, offset, key.length);
        return array;
    }

    /** Long keys are big-endian: small ids differ only in the bytes read as the high bits. Their slots must still spread. */
    @Test
    void theLowBitsOfTheHashesOfSmallLongKeysSpread() {
        java.util.Set<Integer> slots = new java.util.HashSet<>();
        byte[] key = new byte[Long.BYTES];
        for (long id = 0; id < 4096; id++) {
            java.nio.ByteBuffer.wrap(key).putLong(id);
            slots.add(BinaryCombiningTable.hash(key, 0, key.length) & 4095);
        }
        assertThat(slots.size()).as("distinct slots of 4096 sequential ids in 4096 slots").isGreaterThan(2000);
    }
}
