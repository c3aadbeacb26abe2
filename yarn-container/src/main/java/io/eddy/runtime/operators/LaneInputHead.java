package io.eddy.runtime.operators;

/**
 * A head operator that reads a {@link LaneInput} besides its network gates. Only the first
 * operator of a task's chain is asked for one (the task refuses a chain where another operator
 * offers one); the task calls {@link #laneInput()} once, after {@code open()}. Task thread.
 */
public interface LaneInputHead {

    /** The lane input, polled by the task with the operator's network gates until it ends. */
    LaneInput laneInput();
}
