package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.RuntimeContext;
import java.math.BigInteger;

/**
 * A parallel source emitting the numbers {@code from..to} (both inclusive) once: subtask {@code i}
 * of {@code n} emits the {@code i}-th of {@code n} contiguous, nearly equal ranges (see {@link
 * #rangeOf}), in ascending order.
 *
 * <p>{@link #run} runs on the task thread; {@link #cancel} may be called from another thread.
 */
public final class SequenceSourceFunction extends RichParallelSourceFunction<Long> {

    private static final long serialVersionUID = 1L;

    private final long from;
    private final long to;
    /** Written by the cancelling thread, read by the task thread. */
    private volatile boolean running = true;

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
    public void run(SourceContext<Long> ctx) throws Exception {
        RuntimeContext rc = getRuntimeContext();
        long[] range = rangeOf(from, to, rc.getIndexOfThisSubtask(), rc.getNumberOfParallelSubtasks());
        if (range[0] > range[1]) {
            return;
        }
        long next = range[0];
        while (running) {
            synchronized (ctx.getCheckpointLock()) {
                ctx.collect(next);
            }
            if (next == range[1]) {
                return;
            }
            next++;
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
