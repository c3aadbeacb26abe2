package io.eddy.runtime.operators.sort;

import static io.eddy.runtime.operators.sort.SortTestTypes.INT_STRING;
import static io.eddy.runtime.operators.sort.SortTestTypes.STRING_INT;
import static io.eddy.runtime.operators.sort.SortTestTypes.comparator;
import static io.eddy.runtime.operators.sort.SortTestTypes.serializer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import io.eddy.runtime.util.KeyGroupedIterator;
import io.eddy.runtime.util.MutableObjectIterator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExternalSorterTest {

    private static final int PAGE = 32 * 1024;

    @TempDir
    Path tempDir;

    private IOManager ioManager;
    private MemoryManager memoryManager;

    @BeforeEach
    void setUp() {
        ioManager = new IOManager(tempDir.toFile());
        memoryManager = new MemoryManager(4L << 20, PAGE);
    }

    @AfterEach
    void tearDown() {
        ioManager.close();
        memoryManager.close();
    }

    private long filesInTempDir() throws IOException {
        try (Stream<Path> files = Files.walk(tempDir)) {
            return files.filter(Files::isRegularFile).count();
        }
    }

    private ExternalSorter<Tuple2<Integer, String>> intSorter(int pages, int fanIn, boolean ascending) throws Exception {
        return ExternalSorter.builder(serializer(INT_STRING), comparator(INT_STRING, new int[] {0}, new boolean[] {ascending}))
                .memory(memoryManager, pages).ioManager(ioManager).maxFanIn(fanIn).owner("ExternalSorterTest").build();
    }

    @Test
    void smallInputSortsInMemoryWithoutSpilling() throws Exception {
        try (ExternalSorter<Tuple2<Integer, String>> sorter = intSorter(16, 4, true)) {
            Random rnd = new Random(1);
            for (int i = 0; i < 1000; i++) {
                sorter.add(Tuple2.of(rnd.nextInt(), "v"));
            }
            sorter.finishInput();
            List<Tuple2<Integer, String>> out = NormalizedKeySorterTest.drain(sorter.getIterator());
            assertThat(out).hasSize(1000).isSortedAccordingTo((a, b) -> Integer.compare(a.f0, b.f0));
            assertThat(sorter.getSpilledRuns()).isZero();
            assertThat(filesInTempDir()).isZero();
        }
        assertThat(memoryManager.verifyEmpty()).isTrue();
    }

    @Test
    void sortsFiftyMegabytesInOneAndAHalfMegabytesWithMultiPassMerge() throws Exception {
        String[] payloads = new String[1024];
        Random rnd = new Random(7);
        for (int i = 0; i < payloads.length; i++) {
            payloads[i] = "payload-" + i + "-" + "x".repeat(60 + rnd.nextInt(40));
        }
        long count = 600_000;
        long checksum = 0;
        try (ExternalSorter<Tuple2<Integer, String>> sorter = intSorter(48, 4, true)) {
            for (long i = 0; i < count; i++) {
                Tuple2<Integer, String> r = Tuple2.of(rnd.nextInt(), payloads[rnd.nextInt(payloads.length)]);
                checksum += r.f0 * 31L + r.f1.hashCode();
                sorter.add(r);
            }
            sorter.finishInput();
            assertThat(sorter.getSpilledRuns()).isGreaterThan(16);
            assertThat(sorter.getIntermediateMerges()).isGreaterThan(4);
            MutableObjectIterator<Tuple2<Integer, String>> it = sorter.getIterator();
            long seen = 0;
            long seenChecksum = 0;
            int previous = Integer.MIN_VALUE;
            Tuple2<Integer, String> reuse = new Tuple2<>();
            while ((reuse = it.next(reuse)) != null) {
                if (reuse.f0 < previous) {
                    throw new AssertionError("record " + seen + " out of order: " + reuse.f0 + " after " + previous);
                }
                previous = reuse.f0;
                seenChecksum += reuse.f0 * 31L + reuse.f1.hashCode();
                seen++;
            }
            assertThat(seen).isEqualTo(count);
            assertThat(seenChecksum).isEqualTo(checksum);
        }
        assertThat(filesInTempDir()).isZero();
        assertThat(memoryManager.verifyEmpty()).isTrue();
    }

    @Test
    void sortsSpilledStringKeysDescendingLikeListSort() throws Exception {
        TypeComparator<Tuple2<String, Integer>> cmp = comparator(STRING_INT, new int[] {0}, new boolean[] {false});
        List<Tuple2<String, Integer>> input = new ArrayList<>();
        Random rnd = new Random(3);
        for (int i = 0; i < 30_000; i++) {
            input.add(Tuple2.of("a-shared-prefix-longer-than-the-key/" + rnd.nextInt(5000), i));
        }
        try (ExternalSorter<Tuple2<String, Integer>> sorter = ExternalSorter.builder(serializer(STRING_INT), cmp)
                .memory(memoryManager, 8).ioManager(ioManager).maxFanIn(3).build()) {
            for (Tuple2<String, Integer> r : input) {
                sorter.add(r);
            }
            sorter.finishInput();
            assertThat(sorter.getIntermediateMerges()).isPositive();
            List<Tuple2<String, Integer>> out = NormalizedKeySorterTest.drain(sorter.getIterator());
            List<Tuple2<String, Integer>> expected = new ArrayList<>(input);
            expected.sort(cmp::compare);
            assertThat(out).extracting(t -> t.f0).containsExactlyElementsOf(expected.stream().map(t -> t.f0).toList());
            assertThat(NormalizedKeySorterTest.counts(out)).isEqualTo(NormalizedKeySorterTest.counts(input));
        }
    }

    @Test
    void aRecordLargerThanTheSortBufferBecomesARunOfItsOwn() throws Exception {
        try (ExternalSorter<Tuple2<Integer, String>> sorter = intSorter(4, 8, true)) {
            sorter.add(Tuple2.of(5, "small"));
            sorter.add(Tuple2.of(3, "huge".repeat(3 * PAGE)));
            sorter.add(Tuple2.of(4, "small"));
            sorter.finishInput();
            assertThat(NormalizedKeySorterTest.drain(sorter.getIterator())).extracting(t -> t.f0).containsExactly(3, 4, 5);
        }
        assertThat(filesInTempDir()).isZero();
    }

    /** Sums the counts of a group of (word, count) records. */
    private static final RecordCombiner<Tuple2<String, Integer>> SUM = (group, out) -> {
        Tuple2<String, Integer> first = group.next();
        int sum = first.f1;
        while (group.hasNext()) {
            sum += group.next().f1;
        }
        out.accept(Tuple2.of(first.f0, sum));
    };

    @Test
    void combiningSortGivesWordCountsAfterAFinalReduce() throws Exception {
        Map<String, Integer> expected = new HashMap<>();
        Random rnd = new Random(11);
        TypeComparator<Tuple2<String, Integer>> cmp = comparator(STRING_INT, new int[] {0}, new boolean[] {true});
        long fromSorter = 0;
        Map<String, Integer> actual = new HashMap<>();
        try (ExternalSorter<Tuple2<String, Integer>> sorter = ExternalSorter.builder(serializer(STRING_INT), cmp)
                .memory(memoryManager, 6).ioManager(ioManager).maxFanIn(4).combiner(SUM).build()) {
            for (int i = 0; i < 120_000; i++) {
                String word = "word" + (int) Math.abs(rnd.nextGaussian() * 800);
                expected.merge(word, 1, Integer::sum);
                sorter.add(Tuple2.of(word, 1));
            }
            sorter.finishInput();
            assertThat(sorter.getSpilledRuns()).isGreaterThan(4);
            assertThat(sorter.getIntermediateMerges()).as("merges that combine again").isPositive();
            KeyGroupedIterator<Tuple2<String, Integer>> groups = new KeyGroupedIterator<>(sorter.getIterator(), cmp.duplicate());
            while (groups.nextKey()) {
                String word = groups.getCurrent().f0;
                assertThat(actual).doesNotContainKey(word);
                Iterator<Tuple2<String, Integer>> values = groups.getValues();
                while (values.hasNext()) {
                    actual.merge(word, values.next().f1, Integer::sum);
                    fromSorter++;
                }
            }
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(fromSorter).as("records after combining").isLessThan(20_000);
        assertThat(memoryManager.verifyEmpty()).isTrue();
    }

    @Test
    void closeAfterAFailureMidWayDeletesSpillFilesAndReleasesMemory() throws Exception {
        int[] calls = {0};
        RecordCombiner<Tuple2<String, Integer>> failing = (group, out) -> {
            if (++calls[0] > 3000) {
                throw new IllegalStateException("combiner broke");
            }
            SUM.combine(group, out);
        };
        ExternalSorter<Tuple2<String, Integer>> sorter = ExternalSorter.builder(serializer(STRING_INT),
                        comparator(STRING_INT, new int[] {0}, new boolean[] {true}))
                .memory(memoryManager, 6).ioManager(ioManager).combiner(failing).owner("failing combine").build();
        assertThat(memoryManager.availablePages()).isEqualTo(memoryManager.totalPages() - 6);
        assertThatThrownBy(() -> {
            for (int i = 0; i < 200_000; i++) {
                sorter.add(Tuple2.of("k" + i, 1));
            }
        }).isInstanceOf(IOException.class).hasMessageContaining("combiner of failing combine").hasRootCauseMessage("combiner broke");
        assertThat(sorter.getLiveSpillFiles()).isPositive();
        assertThat(filesInTempDir()).isPositive();
        assertThatThrownBy(sorter::finishInput).isInstanceOf(IllegalStateException.class).hasMessageContaining("FAILED");
        sorter.close();
        assertThat(filesInTempDir()).isZero();
        assertThat(memoryManager.verifyEmpty()).isTrue();
        assertThatThrownBy(() -> sorter.add(Tuple2.of("late", 1))).isInstanceOf(IllegalStateException.class).hasMessageContaining("CLOSED");
    }

    @Test
    void closeWhileReadingTheMergedResultDeletesTheRuns() throws Exception {
        ExternalSorter<Tuple2<Integer, String>> sorter = intSorter(4, 8, true);
        for (int i = 0; i < 50_000; i++) {
            sorter.add(Tuple2.of(i % 1000, "value-" + i));
        }
        sorter.finishInput();
        assertThat(sorter.getSpilledRuns()).isGreaterThan(1);
        MutableObjectIterator<Tuple2<Integer, String>> it = sorter.getIterator();
        assertThat(it.next().f0).isZero();
        assertThat(filesInTempDir()).isPositive();
        sorter.close();
        assertThat(filesInTempDir()).isZero();
        assertThat(memoryManager.verifyEmpty()).isTrue();
    }

    @Test
    void lentPagesStayTheCallers() throws Exception {
        List<io.eddy.core.memory.MemorySegment> lent = SortTestTypes.heapPages(6, 4096);
        try (ExternalSorter<Tuple2<Integer, String>> sorter = ExternalSorter.builder(serializer(INT_STRING),
                comparator(INT_STRING, new int[] {0}, new boolean[] {false})).memory(lent).ioManager(ioManager).build()) {
            for (int i = 0; i < 5000; i++) {
                sorter.add(Tuple2.of(i, "v" + i));
            }
            sorter.finishInput();
            assertThat(sorter.getSpilledRuns()).isGreaterThan(1);
            List<Tuple2<Integer, String>> out = NormalizedKeySorterTest.drain(sorter.getIterator());
            assertThat(out).hasSize(5000);
            assertThat(out.get(0).f0).isEqualTo(4999);
            assertThat(out.get(4999).f0).isZero();
        }
        assertThat(filesInTempDir()).isZero();
        assertThat(memoryManager.verifyEmpty()).isTrue();
    }

    @Test
    void builderNamesWhatIsMissing() {
        assertThatThrownBy(() -> ExternalSorter.builder(serializer(INT_STRING), comparator(INT_STRING, new int[] {0}, new boolean[] {true}))
                .memory(memoryManager, 8).owner("Sort (1/2)").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Sort (1/2)").hasMessageContaining("ioManager(");
        assertThatThrownBy(() -> ExternalSorter.builder(serializer(INT_STRING), comparator(INT_STRING, new int[] {0}, new boolean[] {true}))
                .memory(memoryManager, 2).ioManager(ioManager).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least 4");
    }

}
