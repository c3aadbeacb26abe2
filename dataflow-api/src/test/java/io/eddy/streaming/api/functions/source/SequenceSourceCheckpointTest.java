package io.eddy.streaming.api.functions.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.streaming.api.testutils.TestOperatorStateStore;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SequenceSourceCheckpointTest {

    private static final long N = 100_000;

    @Test
    void failuresAndRescalingEmitEveryNumberExactlyOnce() throws Exception {
        int[][] rounds = {{3, 1_000}, {2, 500}, {5, 0}, {1, 10_000}, {4, -1}};
        List<Long> out = CheckpointedSourceDriver.runWithFailures(() -> new SequenceSourceFunction(0, N - 1), rounds);
        CheckpointedSourceDriver.assertExactlyOnce(out, LongStream.range(0, N).boxed().toList());
    }

    @Test
    void sameParallelismRestoresEveryNumberExactlyOnce() throws Exception {
        int[][] rounds = {{2, 10_000}, {2, 10_000}, {2, -1}};
        List<Long> out = CheckpointedSourceDriver.runWithFailures(() -> new SequenceSourceFunction(-50_000, 49_999), rounds);
        CheckpointedSourceDriver.assertExactlyOnce(out, LongStream.range(-50_000, 50_000).boxed().toList());
    }

    @Test
    void aSnapshotCutsTheRemainingNumbersForRescaling() throws Exception {
        SequenceSourceFunction f = new SequenceSourceFunction(1, 1_000);
        f.setRuntimeContext(new TestRuntimeContext(1, 4));
        TestOperatorStateStore store = new TestOperatorStateStore(null);
        f.initializeState(store.initContext());
        f.open();
        f.snapshotState(TestOperatorStateStore.snapshotContext(1));
        TestOperatorStateStore.Snapshot snapshot = store.snapshot();
        List<TestOperatorStateStore.Snapshot> restored = TestOperatorStateStore.redistribute(List.of(snapshot), 8);
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            SequenceSourceFunction g = new SequenceSourceFunction(1, 1_000);
            g.setRuntimeContext(new TestRuntimeContext(i, 8));
            TestOperatorStateStore s = new TestOperatorStateStore(restored.get(i));
            g.initializeState(s.initContext());
            g.open();
            var ctx = new io.eddy.streaming.api.testutils.CollectingSourceContext<Long>();
            g.run(ctx);
            assertThat(ctx.getElements()).as("subtask %d of 8 gets work", i).isNotEmpty().isSorted();
            all.addAll(ctx.getElements());
        }
        assertThat(all.stream().sorted().toList()).containsExactlyElementsOf(LongStream.rangeClosed(251, 500).boxed().toList());
    }

    @Test
    void cutKeepsExtremeRangesWhole() {
        List<long[]> out = new ArrayList<>();
        SequenceCursor.cut(Long.MIN_VALUE, Long.MAX_VALUE, 3, out);
        assertThat(out).hasSize(3);
        assertThat(out.get(0)[0]).isEqualTo(Long.MIN_VALUE);
        assertThat(out.get(2)[1]).isEqualTo(Long.MAX_VALUE);
        assertThat(out.get(1)[0]).isEqualTo(out.get(0)[1] + 1);
        assertThat(out.get(2)[0]).isEqualTo(out.get(1)[1] + 1);
        out.clear();
        SequenceCursor.cut(7, 8, 10, out);
        assertThat(out).containsExactly(new long[] {7, 7}, new long[] {8, 8});
    }

    @Test
    void aRestoredSubtaskWithoutSplitsEmitsNothing() throws Exception {
        SequenceSourceFunction f = new SequenceSourceFunction(1, 10);
        f.setRuntimeContext(new TestRuntimeContext(0, 1));
        TestOperatorStateStore store = new TestOperatorStateStore(new TestOperatorStateStore.Snapshot(java.util.Map.of()));
        f.initializeState(store.initContext());
        f.open();
        var ctx = new io.eddy.streaming.api.testutils.CollectingSourceContext<Long>();
        f.run(ctx);
        assertThat(ctx.getElements()).isEmpty();
    }
}
