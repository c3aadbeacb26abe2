package io.eddy.api.common.io;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * Hands out splits first in, first out, ignoring the host. Returned splits go to the back of the
 * queue. Used by the master's job thread only (see {@link InputSplitAssigner}), so unsynchronized.
 */
public final class DefaultInputSplitAssigner implements InputSplitAssigner {

    // Owned by the master's job thread.
    private final ArrayDeque<InputSplit> remaining;

    public DefaultInputSplitAssigner(InputSplit[] splits) {
        this(Arrays.asList(Objects.requireNonNull(splits, "splits")));
    }

    public DefaultInputSplitAssigner(Collection<? extends InputSplit> splits) {
        this.remaining = new ArrayDeque<>(splits);
    }

    @Override
    public InputSplit getNextInputSplit(String host, int subtask) {
        return remaining.pollFirst();
    }

    @Override
    public void returnInputSplits(Collection<InputSplit> splits, int subtask) {
        remaining.addAll(splits);
    }

    /** The number of splits not handed out. */
    public int getNumberOfRemainingSplits() {
        return remaining.size();
    }
}
