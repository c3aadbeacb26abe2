package io.eddy.runtime.operators.hash;

import static io.eddy.runtime.operators.hash.JoinTestData.assertSameMultiset;
import static io.eddy.runtime.operators.hash.JoinTestData.buildRecords;
import static io.eddy.runtime.operators.hash.JoinTestData.byKeyMap;
import static io.eddy.runtime.operators.hash.JoinTestData.probeRecords;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hybrid hash join with a build side many times larger than its memory (the slowest join test, a few seconds). */
class HybridHashJoinSpillingTest extends HybridHashJoinTestBase {

    @Test
    void spillsAndRecursesWhenTheBuildSideIsMuchLargerThanMemory() throws Exception {
        // ~26 MB of build records into 1 MB of 4 KiB pages
        List<Tuple2<Integer, String>> build = buildRecords(3, 200_000, 100_000, 120);
        List<Tuple2<Integer, Long>> probe = probeRecords(4, 60_000, 150_000);
        JoinMetrics[] metrics = new JoinMetrics[1];
        List<String> results = run(build, probe, UnmatchedSides.NONE, 256, metrics);
        assertSameMultiset(results, byKeyMap(build, probe, UnmatchedSides.NONE));
        assertThat(metrics[0].spilledPartitions()).isGreaterThan(0);
        assertThat(metrics[0].deepestLevel()).as("recursion happened").isGreaterThanOrEqualTo(1);
        assertThat(metrics[0].nestedLoopFallbacks()).isZero();
    }

}
