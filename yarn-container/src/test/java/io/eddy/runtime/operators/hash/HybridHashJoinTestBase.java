package io.eddy.runtime.operators.hash;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.MemorySegment;
import io.eddy.runtime.io.disk.IOManager;
import io.eddy.runtime.memory.MemoryManager;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Set-up of the hash join tests: a memory manager of 4 KiB pages, an I/O manager in a temporary
 * directory, and a check after each test that every page was released and no spill file is left.
 */
abstract class HybridHashJoinTestBase {

    private static final int PAGE_SIZE = 4096;

    @TempDir
    Path tempDir;

    IOManager ioManager;
    MemoryManager memoryManager;

    @BeforeEach
    void setUp() {
        ioManager = new IOManager(tempDir.toFile());
        memoryManager = new MemoryManager(4L * 1024 * 1024, PAGE_SIZE);
    }

    @AfterEach
    void tearDown() {
        assertThat(spillFiles()).as("spill files left behind").isEmpty();
        assertThat(memoryManager.verifyEmpty()).as("all pages released").isTrue();
        ioManager.close();
        memoryManager.close();
    }

    List<File> spillFiles() {
        List<File> files = new ArrayList<>();
        for (File dir : ioManager.spillingDirectories()) {
            files.addAll(List.of(Objects.requireNonNull(dir.listFiles())));
        }
        return files;
    }

    /** Runs a join with {@code pages} pages and returns its results; checks that close() recovered every page. */
    List<String> run(List<Tuple2<Integer, String>> build, List<Tuple2<Integer, Long>> probe, UnmatchedSides type,
            int pages, JoinMetrics[] metricsOut) throws Exception {
        return run(build, probe, type, pages, metricsOut, false);
    }

    /** {@link #run}, probing in batches of up to {@link HybridHashJoin#PROBE_BATCH} records ({@code probeAll}) if {@code batched}. */
    List<String> run(List<Tuple2<Integer, String>> build, List<Tuple2<Integer, Long>> probe, UnmatchedSides type,
            int pages, JoinMetrics[] metricsOut, boolean batched) throws Exception {
        List<MemorySegment> memory = memoryManager.allocatePages(this, pages);
        List<String> results = new ArrayList<>();
        MatchCollector<Tuple2<Integer, String>, Tuple2<Integer, Long>> collector =
                (b, p) -> results.add(JoinTestData.result(b, p));
        HybridHashJoin<Tuple2<Integer, String>, Tuple2<Integer, Long>> join = JoinTestData.join(type);
        try {
            join.open(memory, ioManager);
            for (Tuple2<Integer, String> record : build) {
                join.insertBuild(record);
            }
            join.endBuild();
            if (batched) {
                Object[] batch = new Object[HybridHashJoin.PROBE_BATCH];
                int n = 0;
                int batches = 0;
                for (Tuple2<Integer, Long> record : probe) {
                    batch[n++] = record;
                    // Batches of every size from 1 to the most, and a last one that is not full.
                    if (n == 1 + batches % HybridHashJoin.PROBE_BATCH) {
                        join.probeAll(batch, n, collector);
                        assertThat(batch).as("probeAll clears the elements it probed").containsOnlyNulls();
                        n = 0;
                        batches++;
                    }
                }
                join.probeAll(batch, n, collector);
            } else {
                for (Tuple2<Integer, Long> record : probe) {
                    join.probe(record, collector);
                }
            }
            join.endProbe(collector);
        } finally {
            join.close();
            assertThat(join.freePages()).as("pages back in the join's pool after close").isEqualTo(pages);
            memoryManager.release(memory);
        }
        if (metricsOut != null) {
            metricsOut[0] = join.metrics();
        }
        return results;
    }

}
