package io.eddy.runtime.checkpoint;

import io.eddy.jobgraph.KeyGroups;

/**
 * The key groups {@code [first, last]} (both inclusive) that one subtask's keyed state holds; an
 * empty range has {@code last == first - 1}.
 */
public record KeyGroupRange(int first, int last) {

    public static final KeyGroupRange EMPTY = new KeyGroupRange(0, -1);

    public KeyGroupRange {
        if (first < 0 || last < first - 1) {
            throw new IllegalArgumentException("key group range [" + first + ", " + last + "] (expected 0 <= first <= last + 1)");
        }
    }

    /** The key groups subtask {@code subtask} of {@code parallelism} holds, with {@code maxParallelism} key groups in all. */
    public static KeyGroupRange forSubtask(int subtask, int maxParallelism, int parallelism) {
        return new KeyGroupRange(KeyGroups.firstKeyGroup(subtask, maxParallelism, parallelism),
                KeyGroups.lastKeyGroup(subtask, maxParallelism, parallelism));
    }

    public int size() {
        return last - first + 1;
    }

    public boolean isEmpty() {
        return size() == 0;
    }

    public boolean contains(int keyGroup) {
        return keyGroup >= first && keyGroup <= last;
    }

    /** The key groups in both ranges (possibly empty). */
    public KeyGroupRange intersection(KeyGroupRange other) {
        int f = Math.max(first, other.first);
        int l = Math.min(last, other.last);
        return l < f ? EMPTY : new KeyGroupRange(f, l);
    }

    @Override
    public String toString() {
        return "[" + first + ", " + last + "]";
    }
}
