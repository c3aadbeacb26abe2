package io.eddy.api.connector.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.streaming.api.testutils.CollectingReaderOutput;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * {@link NumberSequenceSource} without a cluster: its splits, its reader, and what a checkpoint
 * holds, dealt out to readers at another parallelism as the runtime deals out split list state.
 */
class NumberSequenceSourceTest {

    @Test
    void theSplitsCoverTheRangeOnceInOrderAtAnyParallelism() {
        for (int p = 1; p <= 7; p++) {
            List<Long> all = new ArrayList<>();
            for (NumberSequenceSource.Split s : new NumberSequenceSource(-3, 4).createSplits(p)) {
                LongStream.rangeClosed(s.next(), s.last()).forEach(all::add);
            }
            assertThat(all).as("parallelism %d", p).containsExactlyElementsOf(LongStream.rangeClosed(-3, 4).boxed().toList());
        }
        assertThat(new NumberSequenceSource(5, 6).createSplits(4)).as("more subtasks than numbers: the first ones get them")
                .containsExactly(new NumberSequenceSource.Split(5, 5), new NumberSequenceSource.Split(6, 6));
    }

    @Test
    void aReaderEmitsItsSplitsThenEnds() throws Exception {
        NumberSequenceSource source = new NumberSequenceSource(Long.MAX_VALUE - 2, Long.MAX_VALUE);
        SourceReader<Long, NumberSequenceSource.Split> reader = reader(source, 0, 1);
        reader.addSplits(source.createSplits(1));
        CollectingReaderOutput<Long> out = new CollectingReaderOutput<>();

        assertThat(out.drain(reader, Integer.MAX_VALUE)).isEqualTo(InputStatus.END_OF_INPUT);
        assertThat(out.records).as("no overflow at the end of the long range").containsExactly(Long.MAX_VALUE - 2, Long.MAX_VALUE - 1,
                Long.MAX_VALUE);
        assertThat(reader.isAvailable()).isDone();
    }

    @Test
    void aCheckpointHoldsExactlyWhatIsNotEmittedCutForRescaling() throws Exception {
        NumberSequenceSource source = new NumberSequenceSource(1, 1_000);
        List<NumberSequenceSource.Split> all = source.createSplits(2);
        List<Long> emitted = new ArrayList<>();
        List<NumberSequenceSource.Split> checkpoint = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            // max parallelism 128 at parallelism 2: 64 pieces per subtask's checkpoint
            SourceReader<Long, NumberSequenceSource.Split> reader = reader(source, subtask, 2);
            reader.addSplits(List.of(all.get(subtask)));
            CollectingReaderOutput<Long> out = new CollectingReaderOutput<>();
            out.drain(reader, 100 + subtask);
            emitted.addAll(out.records);
            List<NumberSequenceSource.Split> state = reader.snapshotState(1);
            assertThat(state).hasSizeGreaterThan(3);
            checkpoint.addAll(state);
        }

        // Restore at parallelism 3, dealing the splits out round-robin.
        for (int subtask = 0; subtask < 3; subtask++) {
            List<NumberSequenceSource.Split> share = new ArrayList<>();
            for (int i = subtask; i < checkpoint.size(); i += 3) {
                share.add(checkpoint.get(i));
            }
            SourceReader<Long, NumberSequenceSource.Split> reader = reader(source, subtask, 3);
            reader.addSplits(share);
            CollectingReaderOutput<Long> out = new CollectingReaderOutput<>();
            assertThat(out.drain(reader, Integer.MAX_VALUE)).isEqualTo(InputStatus.END_OF_INPUT);
            assertThat(out.records).as("restored subtask %d has work", subtask).isNotEmpty();
            emitted.addAll(out.records);
        }

        assertThat(emitted).hasSize(1_000).doesNotHaveDuplicates();
        assertThat(emitted.stream().mapToLong(Long::longValue).sum()).isEqualTo(500_500L);
    }

    @Test
    void anEmptyRangeIsRejectedNamingTheCall() {
        assertThatThrownBy(() -> new NumberSequenceSource(2, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("fromSequence(2, 1)");
    }

    private static SourceReader<Long, NumberSequenceSource.Split> reader(NumberSequenceSource source, int subtask, int parallelism)
            throws Exception {
        TestRuntimeContext rc = new TestRuntimeContext(subtask, parallelism);
        return source.createReader(() -> rc);
    }
}
