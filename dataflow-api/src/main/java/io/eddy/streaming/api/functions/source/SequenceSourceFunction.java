package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import java.math.BigInteger;
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
    /** The numbers not emitted yet; null until set up from the state or the runtime context. Guarded by the checkpoint lock once run() started. */
    private transient SequenceCursor cursor;

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
            cursor = new SequenceCursor();
            restored.forEach(split -> cursor.add(split.next(), split.last()));
        }
    }

    @Override
    public void open() throws Exception {
        ensureSplits();
    }

    /** On a fresh start: this subtask's range from the runtime context. */
    private void ensureSplits() {
        if (cursor != null) {
            return;
        }
        RuntimeContext rc = getRuntimeContext();
        long[] range = rangeOf(from, to, rc.getIndexOfThisSubtask(), rc.getNumberOfParallelSubtasks());
        cursor = new SequenceCursor();
        if (range[0] <= range[1]) {
            cursor.add(range[0], range[1]);
        }
    }

    @Override
    public void run(SourceContext<Long> ctx) throws Exception {
        Object lock = ctx.getCheckpointLock();
        synchronized (lock) {
            ensureSplits();
        }
        while (running) {
            synchronized (lock) {
                if (!cursor.hasNext()) {
                    return;
                }
                ctx.collect(cursor.current());
                cursor.advance();
            }
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        ensureSplits();
        List<Split> out = new ArrayList<>();
        for (long[] range : cursor.remaining(piecesPerCheckpoint())) {
            out.add(new Split(range[0], range[1]));
        }
        state.update(out);
    }

    /** How many splits a checkpoint of this subtask should hold so that any rescale finds work for every subtask. */
    private int piecesPerCheckpoint() {
        RuntimeContext rc = getRuntimeContext();
        return Math.max(1, rc.getMaxNumberOfParallelSubtasks() / rc.getNumberOfParallelSubtasks());
    }

    @Override
    public void cancel() {
        running = false;
    }
}
