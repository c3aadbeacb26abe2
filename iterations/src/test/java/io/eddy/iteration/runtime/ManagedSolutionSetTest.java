package io.eddy.iteration.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.typeinfo.CompositeType;
import io.eddy.api.common.typeutils.SerializerConfig;
import io.eddy.api.common.typeutils.TypeComparator;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link SolutionSet} contract on {@link ManagedSolutionSet} (256 pages of 4 KiB, enough to
 * stay in memory), and what is particular to it: pages taken up front and given back, compaction,
 * spilling (and failing without an I/O manager), on small pages of 1 KiB.
 */
class ManagedSolutionSetTest extends SolutionSetContractTest {

    private static final int PAGE_SIZE = 4096;
    private static final int SMALL_PAGE_SIZE = 1024;

    @TempDir
    File tmp;

    private MemoryManager memory;
    private MemoryManager smallPages;
    private IOManager io;
    private final List<ManagedSolutionSet<?>> sets = new ArrayList<>();

    @BeforeEach
    void setUp() {
        memory = new MemoryManager(1024L * PAGE_SIZE, PAGE_SIZE);
        smallPages = new MemoryManager(256L * SMALL_PAGE_SIZE, SMALL_PAGE_SIZE);
        io = new IOManager(tmp);
    }

    @AfterEach
    void tearDown() throws IOException {
        closeSets();
        for (ManagedSolutionSet<?> set : sets) {
            set.close();
        }
        assertThat(memory.verifyEmpty()).as("every page is back in the memory manager").isTrue();
        assertThat(smallPages.verifyEmpty()).as("every small page is back in the memory manager").isTrue();
        assertThat(spillFiles()).as("no spill file is left").isEmpty();
        io.close();
    }

    @Override
    protected <T> SolutionSet<T> create(String name, TypeSerializer<T> serializer, TypeComparator<T> keys) {
        return new ManagedSolutionSet<>(name, serializer, keys, memory, 256, io);
    }

    private <T> ManagedSolutionSet<T> small(String name, CompositeType<T> type, int pages, IOManager ioManager) {
        ManagedSolutionSet<T> set = new ManagedSolutionSet<>(name, type.createSerializer(new SerializerConfig()), keyOnField0(type),
                smallPages, pages, ioManager);
        sets.add(set);
        return set;
    }

    // ---- memory ---------------------------------------------------------------------------------

    @Test
    void allPagesAreTakenUpFrontAndAllComeBackOnClose() throws IOException {
        ManagedSolutionSet<Tuple2<Long, Long>> set = small("pages", LONGS, 32, io);
        assertThat(smallPages.pagesHeldBy(set)).isEqualTo(32);
        for (long key = 0; key < 5_000; key++) {
            set.upsert(Tuple2.of(key, key));
        }
        assertThat(set.spilledPartitions()).isPositive();
        assertThat(smallPages.pagesHeldBy(set)).as("spilling takes no pages beyond the budget").isEqualTo(32);

        set.close();
        assertThat(smallPages.pagesHeldBy(set)).isZero();
        assertThat(smallPages.verifyEmpty()).isTrue();
        assertThat(spillFiles()).isEmpty();
    }

    @Test
    void withoutEnoughManagedMemoryTheSetFailsNamingItselfAndTheOptions() {
        MemoryManager tiny = new MemoryManager(16L * SMALL_PAGE_SIZE, SMALL_PAGE_SIZE);
        assertThatThrownBy(() -> new ManagedSolutionSet<>("solution set of iteration 'cc', lane 1/4", LONGS.createSerializer(
                new SerializerConfig()), keyOnField0(LONGS), tiny, 32, io))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("solution set of iteration 'cc', lane 1/4")
                .hasMessageContaining("32 pages")
                .hasMessageContaining("worker.memory.managed.size")
                .hasMessageContaining("DeltaIteration.setSolutionSetUnManaged(true)");
        assertThat(tiny.verifyEmpty()).isTrue();
    }

    @Test
    void tooFewPagesAreRefused() {
        assertThatThrownBy(() -> small("tiny set", LONGS, ManagedSolutionSet.MIN_PAGES - 1, io))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pages of the tiny set: " + (ManagedSolutionSet.MIN_PAGES - 1) + " (expected: at least "
                        + ManagedSolutionSet.MIN_PAGES);
    }

    // ---- compaction -----------------------------------------------------------------------------

    @Test
    void replacementsOfChangingLengthsAreCompactedInPlaceAndTheContentStaysRight() throws Exception {
        ManagedSolutionSet<Tuple2<Long, String>> set = small("growing", TEXTS, 48, null);
        Map<Long, String> expected = new HashMap<>();
        for (int round = 0; round < 30; round++) {
            for (long key = 0; key < 200; key++) {
                String value = round + ":" + "g".repeat(round * 2 + (int) (key % 5));
                set.upsert(Tuple2.of(key, value));
                expected.put(key, value);
            }
        }

        assertThat(set.compactions()).as("about 300 KB written into 40 pages of 1 KiB for entries").isPositive();
        assertThat(set.spilledPartitions()).isZero();
        assertThat(set.size()).isEqualTo(200);
        assertThat(contents(set)).isEqualTo(expected);
        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, String>> lookup = set.lookup(keyOnField0(PROBES));
        for (long key = 0; key < 200; key++) {
            assertThat(lookup.find(probe(key))).isEqualTo(Tuple2.of(key, expected.get(key)));
        }
    }

    @Test
    void randomUpsertsAndLookupsMatchAHashMapInMemoryWithCompaction() throws Exception {
        ManagedSolutionSet<Tuple2<Long, String>> set = small("random, in memory", TEXTS, 128, null);
        runAgainstAModel(set, new Random(1_234L), 100_000, 1_000, 40);
        assertThat(set.compactions()).as("about 3 MB of upserts in 96 pages of 1 KiB for entries").isPositive();
        assertThat(set.spilledPartitions()).isZero();
    }

    @Test
    void recordsLargerThanAPageSpanPagesInMemoryAndBlocksOnDisk() throws Exception {
        for (IOManager ioManager : new IOManager[] {null, io}) {
            ManagedSolutionSet<Tuple2<Long, String>> set = small("large records", TEXTS, ioManager == null ? 64 : 16, ioManager);
            Map<Long, String> expected = new HashMap<>();
            for (int round = 0; round < 3; round++) {
                for (long key = 0; key < 12; key++) {
                    String value = round + "x".repeat(2_000 + (int) key * 150 - round * 700);
                    set.upsert(Tuple2.of(key, value));
                    expected.put(key, value);
                }
            }
            assertThat(set.spilledPartitions() > 0).as("spills when it can").isEqualTo(ioManager != null);
            assertThat(contents(set)).isEqualTo(expected);
            SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, String>> lookup = set.lookup(keyOnField0(PROBES));
            for (long key = 0; key < 12; key++) {
                assertThat(lookup.find(probe(key))).isEqualTo(Tuple2.of(key, expected.get(key)));
            }
            set.close();
        }
    }

    @Test
    void withoutAnIOManagerASetLargerThanItsPagesFailsNamingItselfWhatItHoldsAndTheSettings() throws IOException {
        ManagedSolutionSet<Tuple2<Long, Long>> set = small("solution set of iteration 'cc', lane 3/4", LONGS, 16, null);
        long inserted = 0;
        IllegalStateException failure = null;
        for (long key = 0; key < 10_000 && failure == null; key++) {
            try {
                set.upsert(Tuple2.of(key, -key));
                inserted++;
            } catch (IllegalStateException e) {
                failure = e;
            }
        }

        assertThat(failure).as("16 KiB cannot hold 10,000 records of 24 bytes").isNotNull();
        assertThat(failure.getMessage())
                .contains("solution set of iteration 'cc', lane 3/4")
                .contains("holds " + inserted + " records")
                .contains("DeltaIteration.setSolutionSetUnManaged(true)")
                .contains("worker.memory.managed.size");
        assertThat(set.size()).as("the failed upsert changed nothing").isEqualTo(inserted);
        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, Long>> lookup = probeLongs(set);
        for (long key = 0; key < inserted; key++) {
            assertThat(lookup.find(probe(key))).isEqualTo(Tuple2.of(key, -key));
        }
    }

    // ---- spilling -------------------------------------------------------------------------------

    @Test
    void aSetLargerThanItsPagesSpillsPartitionsAndStaysRight() throws Exception {
        ManagedSolutionSet<Tuple2<Long, Long>> set = small("spilling", LONGS, 32, io);
        int keys = 8_000; // about 280 KB of entries and index against 28 pages of 1 KiB
        for (long key = 0; key < keys; key++) {
            set.upsert(Tuple2.of(key, key * 3));
        }
        assertThat(set.spilledPartitions()).isEqualTo(set.partitionCount());
        assertThat(spillFiles()).hasSize(2 * set.partitionCount());
        assertThat(set.size()).isEqualTo(keys);

        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, Long>> lookup = probeLongs(set);
        for (long key = 0; key < keys; key++) {
            assertThat(lookup.find(probe(key))).isEqualTo(Tuple2.of(key, key * 3));
        }
        assertThat(lookup.find(probe(keys))).isNull();
        assertThat(lookup.find(probe(-1))).isNull();

        for (long key = 0; key < keys; key += 2) {
            set.upsert(Tuple2.of(key, -key)); // same length: overwritten in the file
        }
        for (long key = 0; key < keys; key++) {
            assertThat(lookup.find(probe(key))).isEqualTo(Tuple2.of(key, key % 2 == 0 ? -key : key * 3));
        }
        Map<Long, Long> seen = contents(set);
        assertThat(seen).hasSize(keys);
        assertThat(seen).allSatisfy((key, value) -> assertThat(value).isEqualTo(key % 2 == 0 ? -key : key * 3));
        assertThat(set.blockCache().loads()).isPositive();

        set.close();
        assertThat(spillFiles()).as("close deletes the spill files").isEmpty();
        assertThat(smallPages.pagesHeldBy(set)).isZero();
    }

    @Test
    void replacementsOfChangingLengthsInSpilledPartitionsCompactTheirFiles() throws Exception {
        ManagedSolutionSet<Tuple2<Long, String>> set = small("growing on disk", TEXTS, 16, io);
        Map<Long, String> expected = new HashMap<>();
        for (int round = 0; round < 12; round++) {
            for (long key = 0; key < 1_500; key++) {
                String value = round + ":" + "d".repeat(round * 3 + (int) (key % 7));
                set.upsert(Tuple2.of(key, value));
                expected.put(key, value);
            }
        }

        assertThat(set.spilledPartitions()).isPositive();
        assertThat(set.compactionsOnDisk()).as("about 800 KB of replaced entries in the files").isPositive();
        assertThat(contents(set)).isEqualTo(expected);
        SolutionSet.Lookup<Tuple3<Long, String, Integer>, Tuple2<Long, String>> lookup = set.lookup(keyOnField0(PROBES));
        for (long key = 0; key < 1_500; key++) {
            assertThat(lookup.find(probe(key))).isEqualTo(Tuple2.of(key, expected.get(key)));
        }
    }

    @Test
    void randomUpsertsAndLookupsMatchAHashMapWhilePartitionsSpill() throws Exception {
        ManagedSolutionSet<Tuple2<Long, String>> set = small("random, spilling", TEXTS, 120, io);
        runAgainstAModel(set, new Random(4_711L), 30_000, 6_000, 40);
        assertThat(set.spilledPartitions()).as("about 300 KB of live entries in 116 pages of 1 KiB").isPositive();
        assertThat(set.spilledPartitions()).as("some partitions stay in memory").isLessThan(set.partitionCount());
        assertThat(set.compactions()).isPositive();
    }

    @Test
    void aConsumerThatChangesTheSetDuringForEachFails() throws IOException {
        ManagedSolutionSet<Tuple2<Long, Long>> set = small("changed in forEach", LONGS, 16, io);
        set.upsert(Tuple2.of(1L, 1L));
        set.upsert(Tuple2.of(2L, 2L));
        assertThatThrownBy(() -> set.forEach(record -> set.upsert(Tuple2.of(record.f0 + 10, 0L))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("The changed in forEach was changed by the consumer of forEach");
    }

    private List<File> spillFiles() {
        List<File> files = new ArrayList<>();
        for (File dir : io.spillingDirectories()) {
            files.addAll(List.of(Objects.requireNonNull(dir.listFiles())));
        }
        return files;
    }
}
