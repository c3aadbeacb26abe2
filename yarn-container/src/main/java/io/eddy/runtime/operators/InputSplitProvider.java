package io.eddy.runtime.operators;

import io.eddy.api.common.io.InputSplit;
import java.io.IOException;

/**
 * Hands a batch source subtask its input splits, one at a time, from the master's assigner (see
 * {@code docs/batch-io.md}). Task thread only: {@link #next()} blocks the task thread until the
 * master answers, and is interrupted when the task is cancelled.
 */
@FunctionalInterface
public interface InputSplitProvider {

    /**
     * The next split for this subtask, or null when every split of the source has been handed out.
     *
     * @throws IOException if the master cannot be asked or refuses the request
     * @throws InterruptedException if the task is cancelled while it waits
     */
    InputSplit next() throws IOException, InterruptedException;
}
