package io.eddy.runtime.operators.batch.join;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.jobgraph.BatchKinds;
import io.eddy.api.common.operators.JoinType;
import io.eddy.jobgraph.BatchKinds.LocalStrategy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Joins whose inputs are about ten times larger than the operator's managed memory (64 pages of
 * 4 KiB = 256 KiB against ~2.6 MB of input): hybrid hash joins spill partitions and sort-merge
 * joins spill sorted runs, and the result still matches the reference. A hot key with a first-input
 * group larger than the sort-merge join's group buffer goes through the spilling buffer.
 */
class JoinSpillingTest extends DriverTestBase {

    private static final int PAGES = 64;

    @ParameterizedTest
    @EnumSource(value = LocalStrategy.class, names = {"HYBRID_HASH_BUILD_FIRST", "HYBRID_HASH_BUILD_SECOND", "SORT_MERGE"})
    void inputsTenTimesLargerThanMemory(LocalStrategy strategy) {
        List<Tuple2<Integer, String>> left = leftRecords(11, 20_000, 0, 20_000, 110);
        List<Tuple2<Integer, Long>> right = rightRecords(12, 30_000, 5_000, 25_000);
        long inputBytes = 20_000L * 125 + 30_000L * 14;
        assertThat(inputBytes).isGreaterThan(10L * PAGES * PAGE_SIZE);

        Run run = run(descriptor(JoinReference.kind(strategy, JoinType.FULL_OUTER), new JoinReference.PairingJoin(), PAGES),
                left, right);

        assertSameElements(run.output(), JoinReference.join(left, right, JoinType.FULL_OUTER));
        if (run.operator() instanceof HashJoinOperator<?, ?, ?> hash) {
            assertThat(hash.metrics().spilledPartitions()).as("partitions spilled").isPositive();
        }
    }

    @ParameterizedTest
    @EnumSource(value = LocalStrategy.class, names = {"HYBRID_HASH_BUILD_FIRST", "HYBRID_HASH_BUILD_SECOND", "SORT_MERGE"})
    void hotKeyLargerThanMemoryOnBothSides(LocalStrategy strategy) {
        List<Tuple2<Integer, String>> left = new ArrayList<>(leftRecords(21, 2_000, 0, 500, 10));
        for (int i = 0; i < 3_000; i++) {
            left.add(new Tuple2<>(7, "H" + i + ":" + "y".repeat(100)));
        }
        List<Tuple2<Integer, Long>> right = new ArrayList<>(rightRecords(22, 2_000, 250, 750));
        for (int i = 0; i < 40; i++) {
            right.add(new Tuple2<>(7, 100_000L + i));
        }

        Run run = run(descriptor(JoinReference.kind(strategy, JoinType.LEFT_OUTER), new JoinReference.PairingJoin(), PAGES),
                left, right);

        assertSameElements(run.output(), JoinReference.join(left, right, JoinType.LEFT_OUTER));
        if (run.operator() instanceof SortMergeJoinOperator<?, ?, ?> sortMerge) {
            assertThat(sortMerge.spilledGroups()).as("hot key group spilled").isPositive();
        }
        if (strategy == LocalStrategy.HYBRID_HASH_BUILD_FIRST) {
            // The hot key's build records alone exceed the memory: only the nested-loop fallback can join them.
            assertThat(((HashJoinOperator<?, ?, ?>) run.operator()).metrics().nestedLoopFallbacks()).isPositive();
        }
    }
}
