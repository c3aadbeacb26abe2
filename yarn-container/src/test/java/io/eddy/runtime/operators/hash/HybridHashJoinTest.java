package io.eddy.runtime.operators.hash;

import static io.eddy.runtime.operators.hash.JoinTestData.assertSameMultiset;
import static io.eddy.runtime.operators.hash.JoinTestData.buildRecords;
import static io.eddy.runtime.operators.hash.JoinTestData.byKeyMap;
import static io.eddy.runtime.operators.hash.JoinTestData.nestedLoop;
import static io.eddy.runtime.operators.hash.JoinTestData.probeRecords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.core.memory.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class HybridHashJoinTest extends HybridHashJoinTestBase {

    @Test
    void joinsRandomInputsWithDuplicateKeysInMemory() throws Exception {
        List<Tuple2<Integer, String>> build = buildRecords(1, 2000, 800, 10);
        List<Tuple2<Integer, Long>> probe = probeRecords(2, 2000, 1000);
        JoinMetrics[] metrics = new JoinMetrics[1];
        List<String> results = run(build, probe, UnmatchedSides.NONE, 256, metrics);
        assertSameMultiset(results, nestedLoop(build, probe, UnmatchedSides.NONE));
        assertThat(results).isNotEmpty();
        assertThat(metrics[0].spilledPartitions()).isZero();
    }

    /** Batched probes find what single ones find, in memory and in spilled partitions, for every join type. */
    @ParameterizedTest
    @EnumSource(UnmatchedSides.class)
    void probingInBatchesMatchesAsProbingOneByOne(UnmatchedSides type) throws Exception {
        List<Tuple2<Integer, String>> build = buildRecords(3, 3000, 1200, 200);
        List<Tuple2<Integer, Long>> probe = probeRecords(4, 3000, 1500);
        for (int pages : new int[] {256, 32}) {
            JoinMetrics[] metrics = new JoinMetrics[1];
            List<String> batched = run(build, probe, type, pages, metrics, true);
            assertSameMultiset(batched, nestedLoop(build, probe, type));
            if (pages == 32) {
                assertThat(metrics[0].spilledPartitions()).as("some partitions spilled").isPositive();
            } else {
                assertThat(metrics[0].spilledPartitions()).isZero();
            }
        }
    }

    /** A loop's next superstep probes the same table: the build input is read once. */
    @Test
    void aTableThatStayedInMemoryServesAnotherProbeInput() throws Exception {
        List<Tuple2<Integer, String>> build = buildRecords(21, 2000, 800, 10);
        List<Tuple2<Integer, Long>> first = probeRecords(22, 2000, 1000);
        List<Tuple2<Integer, Long>> second = probeRecords(23, 2000, 700);
        List<MemorySegment> memory = memoryManager.allocatePages(this, 256);
        HybridHashJoin<Tuple2<Integer, String>, Tuple2<Integer, Long>> join = JoinTestData.join(UnmatchedSides.PROBE);
        try {
            join.open(memory, ioManager);
            for (Tuple2<Integer, String> record : build) {
                join.insertBuild(record);
            }
            join.endBuild();
            for (List<Tuple2<Integer, Long>> probe : List.of(first, second)) {
                List<String> results = new ArrayList<>();
                for (Tuple2<Integer, Long> record : probe) {
                    join.probe(record, (b, p) -> results.add(JoinTestData.result(b, p)));
                }
                join.endProbe((b, p) -> results.add(JoinTestData.result(b, p)));
                assertSameMultiset(results, nestedLoop(build, probe, UnmatchedSides.PROBE));
                assertThat(join.canProbeAgain()).isTrue();
                if (probe == first) {
                    join.probeAgain();
                }
            }
        } finally {
            join.close();
            assertThat(join.freePages()).isEqualTo(256);
            memoryManager.release(memory);
        }
    }

    @Test
    void aTableWithSpilledPartitionsOrUnmatchedBuildRecordsCannotBeProbedAgain() throws Exception {
        List<Tuple2<Integer, String>> build = buildRecords(24, 3000, 4000, 200);
        for (var c : List.of(new Object[] {UnmatchedSides.NONE, 32}, new Object[] {UnmatchedSides.BUILD, 256})) {
            List<MemorySegment> memory = memoryManager.allocatePages(this, (Integer) c[1]);
            HybridHashJoin<Tuple2<Integer, String>, Tuple2<Integer, Long>> join = JoinTestData.join((UnmatchedSides) c[0]);
            try {
                join.open(memory, ioManager);
                for (Tuple2<Integer, String> record : build) {
                    join.insertBuild(record);
                }
                join.endBuild();
                join.endProbe((b, p) -> { });
                assertThat(join.canProbeAgain()).as("%s with %s pages", c[0], c[1]).isFalse();
                assertThatThrownBy(join::probeAgain).isInstanceOf(IllegalStateException.class);
            } finally {
                join.close();
                memoryManager.release(memory);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(UnmatchedSides.class)
    void outerJoinsInMemory(UnmatchedSides type) throws Exception {
        List<Tuple2<Integer, String>> build = buildRecords(5, 1500, 2000, 10);
        List<Tuple2<Integer, Long>> probe = probeRecords(6, 1500, 2000);
        assertSameMultiset(run(build, probe, type, 256, null), nestedLoop(build, probe, type));
    }

    @ParameterizedTest
    @EnumSource(UnmatchedSides.class)
    void outerJoinsWithSpilledPartitions(UnmatchedSides type) throws Exception {
        List<Tuple2<Integer, String>> build = buildRecords(7, 3000, 4000, 200);
        List<Tuple2<Integer, Long>> probe = probeRecords(8, 3000, 4000);
        JoinMetrics[] metrics = new JoinMetrics[1];
        assertSameMultiset(run(build, probe, type, 32, metrics), nestedLoop(build, probe, type));
        assertThat(metrics[0].spilledPartitions()).isGreaterThan(0);
    }

    @ParameterizedTest
    @EnumSource(UnmatchedSides.class)
    void heavySkewEndsThroughTheNestedLoopFallback(UnmatchedSides type) throws Exception {
        // one key with ~330 KB of build records, memory of 128 KB
        List<Tuple2<Integer, String>> build = new ArrayList<>(buildRecords(9, 2000, 5000, 20));
        String pad = JoinTestData.padding(100);
        for (int i = 0; i < 3000; i++) {
            build.add(Tuple2.of(7, "s" + i + ":" + pad));
        }
        java.util.Collections.shuffle(build, new java.util.Random(10));
        List<Tuple2<Integer, Long>> probe = new ArrayList<>(probeRecords(11, 2000, 6000));
        for (int i = 0; i < 10; i++) {
            probe.add(Tuple2.of(7, 100_000L + i));
        }
        JoinMetrics[] metrics = new JoinMetrics[1];
        List<String> results = run(build, probe, type, 32, metrics);
        assertSameMultiset(results, byKeyMap(build, probe, type));
        assertThat(metrics[0].nestedLoopFallbacks()).as(metrics[0].toString()).isGreaterThan(0);
    }

    @ParameterizedTest
    @EnumSource(value = UnmatchedSides.class, names = {"NONE", "BOTH"})
    void joinsRecordsLargerThanAPage(UnmatchedSides type) throws Exception {
        // ~10 KB per build record (two and a half pages), ~1.5 MB in all, memory of 128 KB
        List<Tuple2<Integer, String>> build = buildRecords(15, 150, 100, 10_000);
        List<Tuple2<Integer, Long>> probe = probeRecords(16, 300, 150);
        JoinMetrics[] metrics = new JoinMetrics[1];
        assertSameMultiset(run(build, probe, type, 32, metrics), nestedLoop(build, probe, type));
        assertThat(metrics[0].spilledPartitions()).isGreaterThan(0);
    }

    @Test
    void closeAfterAFailureInTheRecursionReturnsAllPagesAndDeletesFiles() throws Exception {
        List<Tuple2<Integer, String>> build = buildRecords(12, 20_000, 10_000, 100);
        List<Tuple2<Integer, Long>> probe = probeRecords(13, 20_000, 10_000);
        List<MemorySegment> memory = memoryManager.allocatePages(this, 64);
        HybridHashJoin<Tuple2<Integer, String>, Tuple2<Integer, Long>> join = JoinTestData.join(UnmatchedSides.BOTH);
        join.open(memory, ioManager);
        for (Tuple2<Integer, String> record : build) {
            join.insertBuild(record);
        }
        join.endBuild();
        int[] calls = new int[1];
        MatchCollector<Tuple2<Integer, String>, Tuple2<Integer, Long>> collector = (b, p) -> calls[0]++;
        for (Tuple2<Integer, Long> record : probe) {
            join.probe(record, collector);
        }
        int beforeEndProbe = calls[0];
        MatchCollector<Tuple2<Integer, String>, Tuple2<Integer, Long>> failing = (b, p) -> {
            if (++calls[0] > beforeEndProbe + 5000) {
                throw new IllegalStateException("join function failed");
            }
        };
        assertThatThrownBy(() -> join.endProbe(failing)).hasMessage("join function failed");
        assertThat(spillFiles()).as("spill files exist before close").isNotEmpty();
        join.close();
        assertThat(join.freePages()).isEqualTo(64);
        assertThat(spillFiles()).isEmpty();
        join.close();
        memoryManager.release(memory);
    }

    @Test
    void closeDuringTheBuildPhaseDeletesSpillFiles() throws Exception {
        List<MemorySegment> memory = memoryManager.allocatePages(this, 32);
        HybridHashJoin<Tuple2<Integer, String>, Tuple2<Integer, Long>> join = JoinTestData.join(UnmatchedSides.NONE);
        join.open(memory, ioManager);
        for (Tuple2<Integer, String> record : buildRecords(14, 5000, 5000, 100)) {
            join.insertBuild(record);
        }
        assertThat(join.spilledPartitions()).isGreaterThan(0);
        join.close();
        assertThat(join.freePages()).isEqualTo(32);
        memoryManager.release(memory);
    }

    @Test
    void rejectsCallsOutOfOrderAndTooLittleMemory() throws Exception {
        HybridHashJoin<Tuple2<Integer, String>, Tuple2<Integer, Long>> join = JoinTestData.join(UnmatchedSides.NONE);
        List<MemorySegment> few = memoryManager.allocatePages(this, 4);
        assertThatThrownBy(() -> join.open(few, ioManager))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("4 memory pages")
                .hasMessageContaining("at least " + HybridHashJoin.MIN_PAGES);
        memoryManager.release(few);
        List<MemorySegment> memory = memoryManager.allocatePages(this, 32);
        join.open(memory, ioManager);
        assertThatThrownBy(() -> join.probe(Tuple2.of(1, 1L), (b, p) -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("probe() in state BUILDING");
        join.close();
        memoryManager.release(memory);
    }
}
