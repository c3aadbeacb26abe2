package io.eddy.runtime.operators.sort;

import static io.eddy.runtime.operators.sort.SortTestTypes.INT_LONG_STRING;
import static io.eddy.runtime.operators.sort.SortTestTypes.INT_STRING;
import static io.eddy.runtime.operators.sort.SortTestTypes.STRING_INT;
import static io.eddy.runtime.operators.sort.SortTestTypes.comparator;
import static io.eddy.runtime.operators.sort.SortTestTypes.heapPages;
import static io.eddy.runtime.operators.sort.SortTestTypes.serializer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.core.memory.DataOutputSerializer;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class NormalizedKeySorterTest {

    private static final int PAGE = 4096;

    /** Fills a sorter with records until it is full (or {@code max} records), sorts, and checks the order against List.sort. */
    private static <T> List<T> sortAndCheck(CompositeType<T> type, int[] keys, boolean[] asc, Supplier<T> gen, int pages, int max)
            throws IOException {
        TypeSerializer<T> serializer = serializer(type);
        TypeComparator<T> comparator = comparator(type, keys, asc);
        NormalizedKeySorter<T> sorter = new NormalizedKeySorter<>(serializer, comparator.duplicate(), heapPages(pages, PAGE));
        List<T> written = new ArrayList<>();
        for (int i = 0; i < max; i++) {
            T record = gen.get();
            if (!sorter.write(record)) {
                break;
            }
            written.add(record);
        }
        assertThat(sorter.size()).isEqualTo(written.size());
        sorter.sort();
        List<T> actual = drain(sorter.getIterator());
        List<T> expected = new ArrayList<>(written);
        expected.sort(comparator::compare);
        assertThat(counts(actual)).isEqualTo(counts(written));
        for (int i = 0; i < expected.size(); i++) {
            if (comparator.compare(expected.get(i), actual.get(i)) != 0) {
                throw new AssertionError("position " + i + ": expected key of " + expected.get(i) + " but got " + actual.get(i));
            }
        }
        return actual;
    }

    static <T> Map<T, Integer> counts(List<T> records) {
        Map<T, Integer> counts = new HashMap<>();
        records.forEach(r -> counts.merge(r, 1, Integer::sum));
        return counts;
    }

    static <T> List<T> drain(MutableObjectIterator<T> it) throws IOException {
        List<T> out = new ArrayList<>();
        for (T r = it.next(); r != null; r = it.next()) {
            out.add(r);
        }
        return out;
    }

    @Test
    void sortsIntKeysAscendingUntilFull() throws IOException {
        Random rnd = new Random(1);
        List<Tuple2<Integer, String>> sorted = sortAndCheck(INT_STRING, new int[] {0}, new boolean[] {true},
                () -> Tuple2.of(rnd.nextInt(), "v" + rnd.nextInt(1000)), 64, Integer.MAX_VALUE);
        assertThat(sorted.size()).as("the buffer filled up").isGreaterThan(10_000);
    }

    @Test
    void sortsIntKeysDescending() throws IOException {
        Random rnd = new Random(2);
        List<Tuple2<Integer, String>> sorted = sortAndCheck(INT_STRING, new int[] {0}, new boolean[] {false},
                () -> Tuple2.of(rnd.nextInt(200) - 100, "x"), 32, 5_000);
        assertThat(sorted.get(0).f0).isGreaterThanOrEqualTo(sorted.get(sorted.size() - 1).f0);
    }

    @Test
    void sortsLongKeysWithHeavyDuplicatesAcrossManyIndexPages() throws IOException {
        // A long key's index entry is 16 bytes, so a page holds a power of two of them (found by shift
        // and mask, swapped as longs); a few keys hold most records, as an R-MAT graph's sources do.
        @SuppressWarnings("unchecked")
        CompositeType<Tuple2<Long, Long>> type = (CompositeType<Tuple2<Long, Long>>) (Object) io.eddy.api.common.typeinfo.Types.TUPLE(
                io.eddy.api.common.typeinfo.Types.LONG, io.eddy.api.common.typeinfo.Types.LONG);
        Random rnd = new Random(7);
        List<Tuple2<Long, Long>> sorted = sortAndCheck(type, new int[] {0}, new boolean[] {true},
                () -> Tuple2.of(rnd.nextInt(4) == 0 ? rnd.nextLong() : (long) (rnd.nextInt(8) - 4), rnd.nextLong()), 128, 20_000);
        assertThat(sorted).hasSizeGreaterThan(5_000);
    }

    @Test
    void sortsSmallLongIdsDescendingWhoseHighBytesAllEntriesShare() throws IOException {
        // Vertex ids below 2^20: the radix sort counts the five shared high bytes without moving an
        // entry and splits on the other three, page by page; descending keys sort by inverted bytes.
        @SuppressWarnings("unchecked")
        CompositeType<Tuple2<Long, Long>> type = (CompositeType<Tuple2<Long, Long>>) (Object) io.eddy.api.common.typeinfo.Types.TUPLE(
                io.eddy.api.common.typeinfo.Types.LONG, io.eddy.api.common.typeinfo.Types.LONG);
        for (boolean ascending : new boolean[] {true, false}) {
            Random rnd = new Random(11);
            List<Tuple2<Long, Long>> sorted = sortAndCheck(type, new int[] {0}, new boolean[] {ascending},
                    () -> Tuple2.of((long) rnd.nextInt(1 << 20), rnd.nextLong()), 256, 50_000);
            assertThat(sorted).hasSizeGreaterThan(20_000);
        }
    }

    @Test
    void sortsStringKeysWhoseCommonPrefixIsLongerThanTheNormalizedKey() throws IOException {
        Random rnd = new Random(3);
        String prefix = "a-common-prefix-longer-than-sixteen-bytes/";
        for (boolean asc : new boolean[] {true, false}) {
            sortAndCheck(STRING_INT, new int[] {0}, new boolean[] {asc},
                    () -> Tuple2.of(prefix + rnd.nextInt(500) + (rnd.nextBoolean() ? "ä" : ""), rnd.nextInt()), 64, 8_000);
        }
    }

    @Test
    void sortsRepeatedStringKeysAroundTheNormalizedKeyLength() throws IOException {
        // Keys that fit the 16-byte normalized key (settled by it alone), keys one byte too long, and
        // keys that differ only by trailing '\0's or by a char cut at the key's end; many repeats.
        Random rnd = new Random(4);
        String[] words = {"", "\0", "a", "a\0", "a\0\0", "the", "fifteen-bytes-x", "fifteen-bytes-x\0", "fifteen-bytes-xy",
            "sixteen-bytes-xyz", "fourteen-bytesü", "fourteen-bytes\u0800", "fourteen-bytes-"};
        for (boolean asc : new boolean[] {true, false}) {
            sortAndCheck(STRING_INT, new int[] {0}, new boolean[] {asc},
                    () -> Tuple2.of(words[rnd.nextInt(words.length)], rnd.nextInt()), 64, 10_000);
        }
    }

    @Test
    void sortsCompositeKeysWithMixedDirections() throws IOException {
        Random rnd = new Random(4);
        Supplier<Tuple3<Integer, Long, String>> gen = () -> Tuple3.of(rnd.nextInt(20), (long) rnd.nextInt(20), "s" + rnd.nextInt(30));
        sortAndCheck(INT_LONG_STRING, new int[] {0, 1}, new boolean[] {true, true}, gen, 64, 8_000);
        sortAndCheck(INT_LONG_STRING, new int[] {0, 1}, new boolean[] {false, false}, gen, 64, 8_000);
        sortAndCheck(INT_LONG_STRING, new int[] {0, 2}, new boolean[] {true, false}, gen, 64, 8_000);
        sortAndCheck(INT_LONG_STRING, new int[] {2, 0}, new boolean[] {true, true}, gen, 64, 8_000);
    }

    @Test
    void resetEmptiesTheBufferForReuseAndWriteToOutputKeepsTheOrder() throws IOException {
        TypeSerializer<Tuple2<Integer, String>> serializer = serializer(INT_STRING);
        NormalizedKeySorter<Tuple2<Integer, String>> sorter = new NormalizedKeySorter<>(
                serializer, comparator(INT_STRING, new int[] {0}, new boolean[] {true}), heapPages(4, PAGE));
        int round = 0;
        for (; round < 2; round++) {
            int n = 0;
            while (sorter.write(Tuple2.of(1000 - n, "round" + round))) {
                n++;
            }
            assertThat(n).isGreaterThan(100);
            sorter.sort();
            DataOutputSerializer out = new DataOutputSerializer(1024);
            sorter.writeToOutput(out);
            DataInputDeserializer in = new DataInputDeserializer(out.getCopyOfBuffer());
            int previous = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                Tuple2<Integer, String> r = serializer.deserialize(in);
                assertThat(r.f0).isGreaterThan(previous);
                assertThat(r.f1).isEqualTo("round" + round);
                previous = r.f0;
            }
            assertThat(in.available()).isZero();
            sorter.reset();
            assertThat(sorter.isEmpty()).isTrue();
            assertThat(sorter.getOccupancy()).isZero();
        }
    }

    @Test
    void aRecordLargerThanTheBufferIsRefusedOnAnEmptyBuffer() throws IOException {
        NormalizedKeySorter<Tuple2<Integer, String>> sorter = new NormalizedKeySorter<>(
                serializer(INT_STRING), comparator(INT_STRING, new int[] {0}, new boolean[] {true}), heapPages(3, PAGE));
        assertThat(sorter.write(Tuple2.of(1, "x".repeat(3 * PAGE)))).isFalse();
        assertThat(sorter.isEmpty()).isTrue();
        // The failed write gave its pages back: a record that fits still goes in.
        assertThat(sorter.write(Tuple2.of(2, "y".repeat(PAGE + 10)))).isTrue();
        assertThat(drain(sorter.getIterator())).extracting(t -> t.f0).containsExactly(2);
    }

    @Test
    void rejectsTooFewPages() {
        assertThatThrownBy(() -> new NormalizedKeySorter<>(serializer(INT_STRING),
                comparator(INT_STRING, new int[] {0}, new boolean[] {true}), heapPages(1, PAGE)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 2");
    }
}
