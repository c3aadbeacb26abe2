package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.RuntimeContext;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A parallel source emitting the numbers {@code from..to} (both inclusive) once: subtask {@code i}
 * of {@code n} emits the {@code i}-th of {@code n} contiguous, nearly equal ranges (see {@link
 * #rangeOf}), in ascending order.
 *
 * <p><b>Exactly once with checkpoints.</b> The numbers a subtask has not emitted yet are its state:
 * a split list of {@link Split}s ({@code "sequence-splits"}), updated together with each emission
 * under the checkpoint lock. At a checkpoint the remaining numbers are cut into about {@code
 * maxParallelism / parallelism} splits, so that a restore with another parallelism deals them out
 * over the new subtasks: every number is emitted exactly once across failures and rescaling (within
 * a subtask, ascending per split). Without checkpoints the source emits its range once.
 *
 * <p>{@link #run} runs on the source thread; {@link #initializeState}, {@link #snapshotState} and
 * {@link #open} on the task thread (snapshots while holding the checkpoint lock); {@link #cancel}
 * may be called from any thread.
 */
public final class SequenceSourceFunction extends RichParallelSourceFunction<Long> implements CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    static final String STATE_NAME = "sequence-splits";

    /** The numbers {@code next..last} (inclusive) not emitted yet; {@code next <= last}. */
    public record Split(long next, long last) {}

    private final long from;
    private final long to;
    /** Written by the cancelling thread, read by the source thread. */
    private volatile boolean running = true;

    private transient ListState<Split> state;
    /** Splits not started yet; null until set up from the state or the runtime context. Guarded by the checkpoint lock once run() started. */
    private transient ArrayDeque<Split> pendingSplits;
    /** The split being emitted: {@code next..last}, empty when {@code next > last}. Guarded by the checkpoint lock. */
    private transient long next;
    private transient long last;

    /** @throws IllegalArgumentException if {@code to < from} */
    public SequenceSourceFunction(long from, long to) {
        if (to < from) {
            throw new IllegalArgumentException("generateSequence(" + from + ", " + to + "): 'to' is smaller than 'from' (expected: from <= to)");
        }
        this.from = from;
        this.to = to;
    }

    /**
     * The range of subtask {@code subtask} of {@code parallelism}: {@code {first, last}} inclusive,
     * or {@code {1, 0}} (empty) when there are more subtasks than numbers. The first {@code count %
     * parallelism} subtasks get one number more than the others.
     */
    public static long[] rangeOf(long from, long to, int subtask, int parallelism) {
        BigInteger count = BigInteger.valueOf(to).subtract(BigInteger.valueOf(from)).add(BigInteger.ONE);
        BigInteger p = BigInteger.valueOf(parallelism);
        BigInteger[] qr = count.divideAndRemainder(p);
        BigInteger i = BigInteger.valueOf(subtask);
        BigInteger start = qr[0].multiply(i).add(i.min(qr[1]));
        BigInteger size = qr[0].add(i.compareTo(qr[1]) < 0 ? BigInteger.ONE : BigInteger.ZERO);
        if (size.signum() == 0) {
            return new long[] {1, 0};
        }
        BigInteger first = BigInteger.valueOf(from).add(start);
        return new long[] {first.longValueExact(), first.add(size).subtract(BigInteger.ONE).longValueExact()};
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>(STATE_NAME, Split.class));
        if (context.isRestored()) {
            List<Split> restored = new ArrayList<>();
            for (Split s : state.get()) {
                restored.add(s);
            }
            restored.sort(Comparator.comparingLong(Split::next));
            pendingSplits = new ArrayDeque<>(restored);
            clearCurrent();
        }
    }

    @Override
    public void open() throws Exception {
        ensureSplits();
    }

    /** On a fresh start: this subtask's range from the runtime context. */
    private void ensureSplits() {
        if (pendingSplits != null) {
            return;
        }
        RuntimeContext rc = getRuntimeContext();
        long[] range = rangeOf(from, to, rc.getIndexOfThisSubtask(), rc.getNumberOfParallelSubtasks());
        pendingSplits = new ArrayDeque<>();
        clearCurrent();
        if (range[0] <= range[1]) {
            pendingSplits.add(new Split(range[0], range[1]));
        }
    }

    /** No split being emitted; also avoids {@code next++} overflowing when {@code last == Long.MAX_VALUE}. */
    private void clearCurrent() {
        next = 1;
        last = 0;
    }

    @Override
    public void run(SourceContext<Long> ctx) throws Exception {
        Object lock = ctx.getCheckpointLock();
        synchronized (lock) {
            ensureSplits();
        }
        while (running) {
            synchronized (lock) {
                if (next > last) {
                    Split split = pendingSplits.poll();
                    if (split == null) {
                        return;
                    }
                    next = split.next();
                    last = split.last();
                }
                ctx.collect(next);
                if (next == last) {
                    clearCurrent();
                } else {
                    next++;
                }
            }
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        ensureSplits();
        List<Split> remaining = new ArrayList<>();
        if (next <= last) {
            remaining.add(new Split(next, last));
        }
        remaining.addAll(pendingSplits);
        int pieces = Math.max(1, piecesPerCheckpoint());
        List<Split> out = new ArrayList<>();
        int perSplit = Math.max(1, pieces / Math.max(1, remaining.size()));
        for (Split s : remaining) {
            cut(s, perSplit, out);
        }
        state.update(out);
    }

    /** How many splits a checkpoint of this subtask should hold so that any rescale finds work for every subtask. */
    private int piecesPerCheckpoint() {
        RuntimeContext rc = getRuntimeContext();
        return Math.max(1, rc.getMaxNumberOfParallelSubtasks() / rc.getNumberOfParallelSubtasks());
    }

    /** Cuts {@code s} into at most {@code pieces} non-empty contiguous splits, appended in order. */
    static void cut(Split s, int pieces, List<Split> out) {
        for (long[] range : cutRange(s.next(), s.last(), pieces)) {
            out.add(new Split(range[0], range[1]));
        }
    }

    /**
     * Cuts {@code first..last} (inclusive, {@code first <= last}) into at most {@code pieces}
     * non-empty contiguous ranges of nearly equal size, in order: {@code {first, last}} each.
     */
    public static List<long[]> cutRange(long first, long last, int pieces) {
        BigInteger start = BigInteger.valueOf(first);
        BigInteger count = BigInteger.valueOf(last).subtract(start).add(BigInteger.ONE);
        BigInteger n = count.min(BigInteger.valueOf(pieces));
        BigInteger[] qr = count.divideAndRemainder(n);
        List<long[]> out = new ArrayList<>();
        for (long i = 0; i < n.longValueExact(); i++) {
            BigInteger size = qr[0].add(BigInteger.valueOf(i).compareTo(qr[1]) < 0 ? BigInteger.ONE : BigInteger.ZERO);
            BigInteger end = start.add(size).subtract(BigInteger.ONE);
            out.add(new long[] {start.longValueExact(), end.longValueExact()});
            start = end.add(BigInteger.ONE);
        }
        return out;
    }

    @Override
    public void cancel() {
        running = false;
    }
}
