package io.eddy.api.connector.source;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.typeinfo.TypeInfo;
import io.eddy.streaming.api.functions.source.SequenceCursor;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The numbers {@code from..to} (both inclusive), once, read on the task thread: subtask {@code i}
 * of {@code n} starts with the {@code i}-th of {@code n} contiguous, nearly equal ranges (the same
 * cut as {@link SequenceSourceFunction#rangeOf}), emitted in ascending order.
 *
 * <p>A checkpoint stores what a subtask has not emitted yet, cut into about {@code maxParallelism /
 * parallelism} splits, so that a restore at another parallelism finds work for every subtask: each
 * number is emitted exactly once across failures and rescaling.
 */
public final class NumberSequenceSource implements Source<Long, NumberSequenceSource.Split> {

    private static final long serialVersionUID = 1L;

    /** The numbers {@code next..last} (inclusive) not emitted yet; {@code next <= last}. */
    public record Split(long next, long last) {}

    private final long from;
    private final long to;

    /** @throws IllegalArgumentException if {@code to < from} */
    public NumberSequenceSource(long from, long to) {
        if (to < from) {
            throw new IllegalArgumentException("fromSequence(" + from + ", " + to + "): 'to' is smaller than 'from' (expected: from <= to)");
        }
        this.from = from;
        this.to = to;
    }

    @Override
    public List<Split> createSplits(int parallelism) {
        List<Split> splits = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            long[] range = SequenceSourceFunction.rangeOf(from, to, i, parallelism);
            // Only the last subtasks get empty ranges (more subtasks than numbers): split i stays subtask i's.
            if (range[0] <= range[1]) {
                splits.add(new Split(range[0], range[1]));
            }
        }
        return splits;
    }

    @Override
    public SourceReader<Long, Split> createReader(SourceReaderContext context) {
        RuntimeContext rc = context.getRuntimeContext();
        return new Reader(Math.max(1, rc.getMaxNumberOfParallelSubtasks() / rc.getNumberOfParallelSubtasks()));
    }

    @Override
    public TypeInfo<Split> getSplitType() {
        return TypeInfo.of(Split.class);
    }

    /** Emits its splits in the order given, one number per {@link #pollNext}. */
    private static final class Reader implements SourceReader<Long, Split> {
        private static final CompletableFuture<Void> AVAILABLE = CompletableFuture.completedFuture(null);

        private final int piecesPerCheckpoint;
        private final SequenceCursor cursor = new SequenceCursor();

        Reader(int piecesPerCheckpoint) {
            this.piecesPerCheckpoint = piecesPerCheckpoint;
        }

        @Override
        public void addSplits(List<Split> splits) {
            splits.forEach(split -> cursor.add(split.next(), split.last()));
        }

        @Override
        public InputStatus pollNext(ReaderOutput<Long> output) {
            if (!cursor.hasNext()) {
                return InputStatus.END_OF_INPUT;
            }
            output.collect(cursor.current());
            cursor.advance();
            return InputStatus.MORE_AVAILABLE;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return AVAILABLE;
        }

        @Override
        public List<Split> snapshotState(long checkpointId) {
            List<Split> out = new ArrayList<>();
            for (long[] range : cursor.remaining(piecesPerCheckpoint)) {
                out.add(new Split(range[0], range[1]));
            }
            return out;
        }
    }
}
