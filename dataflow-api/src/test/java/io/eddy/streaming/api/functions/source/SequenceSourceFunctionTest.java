package io.eddy.streaming.api.functions.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.streaming.api.testutils.CollectingSourceContext;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SequenceSourceFunctionTest {

    @Test
    void rangesCoverTheSequenceExactlyOnceInOrder() {
        long[][] cases = {{0, 0}, {0, 9}, {1, 10}, {-5, 5}, {0, 2}, {100, 1099}};
        for (long[] c : cases) {
            for (int p = 1; p <= 7; p++) {
                long expectedNext = c[0];
                long minSize = Long.MAX_VALUE;
                long maxSize = 0;
                for (int i = 0; i < p; i++) {
                    long[] r = SequenceSourceFunction.rangeOf(c[0], c[1], i, p);
                    long size = r[1] - r[0] + 1;
                    if (size > 0) {
                        assertThat(r[0]).as("start of subtask %d of %d for %s..%s", i, p, c[0], c[1]).isEqualTo(expectedNext);
                        expectedNext = r[1] + 1;
                    }
                    minSize = Math.min(minSize, size);
                    maxSize = Math.max(maxSize, size);
                }
                assertThat(expectedNext - 1).as("end for %s..%s with %d", c[0], c[1], p).isEqualTo(c[1]);
                assertThat(maxSize - minSize).as("balance").isLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void extremeRangesDoNotOverflow() {
        long[] first = SequenceSourceFunction.rangeOf(Long.MIN_VALUE, Long.MAX_VALUE, 0, 2);
        long[] second = SequenceSourceFunction.rangeOf(Long.MIN_VALUE, Long.MAX_VALUE, 1, 2);
        assertThat(first).containsExactly(Long.MIN_VALUE, -1L);
        assertThat(second).containsExactly(0L, Long.MAX_VALUE);
    }

    @Test
    void moreSubtasksThanNumbersLeavesSomeEmpty() {
        assertThat(SequenceSourceFunction.rangeOf(5, 6, 0, 4)).containsExactly(5L, 5L);
        assertThat(SequenceSourceFunction.rangeOf(5, 6, 1, 4)).containsExactly(6L, 6L);
        long[] empty = SequenceSourceFunction.rangeOf(5, 6, 3, 4);
        assertThat(empty[0]).isGreaterThan(empty[1]);
    }

    @Test
    void runEmitsTheSubtasksShare() throws Exception {
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            SequenceSourceFunction f = new SequenceSourceFunction(1, 10);
            f.setRuntimeContext(new TestRuntimeContext(i, 3));
            CollectingSourceContext<Long> ctx = new CollectingSourceContext<>();
            f.run(ctx);
            assertThat(ctx.getElements()).isSorted();
            all.addAll(ctx.getElements());
        }
        assertThat(all).containsExactlyElementsOf(LongStream.rangeClosed(1, 10).boxed().toList());
    }

    @Test
    void rejectsAnEmptyRange() {
        assertThatThrownBy(() -> new SequenceSourceFunction(5, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("generateSequence(5, 4)");
    }
}
