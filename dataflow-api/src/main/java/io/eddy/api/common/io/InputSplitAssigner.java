package io.eddy.api.common.io;

import java.util.Collection;

/**
 * Hands the splits of one source to its subtasks, in the master, one at a time on request.
 * Implementations are called from the master's job thread only; they need no locking.
 */
public interface InputSplitAssigner {

    /**
     * The next split for a subtask, preferring splits local to {@code host}.
     *
     * @param host the host of the requesting subtask's worker, or null when unknown
     * @param subtask the requesting subtask
     * @return the next split, or null when every split has been handed out
     */
    InputSplit getNextInputSplit(String host, int subtask);

    /**
     * Returns splits a failed subtask had taken, so that a restarted attempt reads them again.
     */
    void returnInputSplits(Collection<InputSplit> splits, int subtask);
}
