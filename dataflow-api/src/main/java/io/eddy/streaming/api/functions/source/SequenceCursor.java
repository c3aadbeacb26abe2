package io.eddy.streaming.api.functions.source;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a sequence source stands: the ranges of numbers it has not emitted yet, the first of them
 * being emitted. Shared by {@link SequenceSourceFunction} and {@code NumberSequenceSource}, which
 * keep the ranges in checkpoints in their own split types. Ranges are {@code {first, last}},
 * inclusive, non-empty. Not thread-safe: its owner guards it (the checkpoint lock, or the task
 * thread).
 */
public final class SequenceCursor {

    private final ArrayDeque<long[]> pending = new ArrayDeque<>();
    /** The range being emitted: {@code next..last}; none when {@code next > last} (also keeps {@code next++} from overflowing). */
    private long next = 1;
    private long last;

    /** Adds {@code first..last} to the numbers still to emit, after those added before. */
    public void add(long first, long last) {
        if (first > last) {
            throw new IllegalArgumentException("range " + first + ".." + last + " (expected: first <= last)");
        }
        pending.add(new long[] {first, last});
    }

    /** Whether a number is left to emit. */
    public boolean hasNext() {
        if (next <= last) {
            return true;
        }
        long[] range = pending.poll();
        if (range == null) {
            return false;
        }
        next = range[0];
        last = range[1];
        return true;
    }

    /** The next number, still counted as not emitted; only after {@link #hasNext()} said there is one. */
    public long current() {
        return next;
    }

    /**
     * Counts {@link #current()} as emitted. Called after emitting it, so that a snapshot taken while
     * the emission waits (a source may release its lock there) still holds the number.
     */
    public void advance() {
        if (next == last) {
            next = 1;
            last = 0;
        } else {
            next++;
        }
    }

    /**
     * The numbers not emitted yet, in order, cut into about {@code pieces} ranges in all (at least
     * one per range left), so that a restore at another parallelism finds work for every subtask.
     */
    public List<long[]> remaining(int pieces) {
        List<long[]> left = new ArrayList<>(pending.size() + 1);
        if (next <= last) {
            left.add(new long[] {next, last});
        }
        left.addAll(pending);
        int perRange = Math.max(1, pieces / Math.max(1, left.size()));
        List<long[]> out = new ArrayList<>();
        for (long[] range : left) {
            cut(range[0], range[1], perRange, out);
        }
        return out;
    }

    /** Cuts {@code first..last} into at most {@code pieces} non-empty contiguous ranges of nearly equal size, appended in order. */
    static void cut(long first, long last, int pieces, List<long[]> out) {
        BigInteger start = BigInteger.valueOf(first);
        BigInteger count = BigInteger.valueOf(last).subtract(start).add(BigInteger.ONE);
        BigInteger n = count.min(BigInteger.valueOf(pieces));
        BigInteger[] qr = count.divideAndRemainder(n);
        for (long i = 0; i < n.longValueExact(); i++) {
            BigInteger size = qr[0].add(BigInteger.valueOf(i).compareTo(qr[1]) < 0 ? BigInteger.ONE : BigInteger.ZERO);
            BigInteger end = start.add(size).subtract(BigInteger.ONE);
            out.add(new long[] {start.longValueExact(), end.longValueExact()});
            start = end.add(BigInteger.ONE);
        }
    }
}
