package io.eddy.runtime.operators;

import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.checkpoint.OperatorSnapshot;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;

/**
 * A runtime operator: one operator of a task's chain. All methods are called on the task thread.
 *
 * <p>Life cycle:
 * <pre>
 *   setup(context) -> open() -> input(i).processElement(..)* / timers* -> finish() -> close()
 *                       \________________ failure or cancel ________________________/-> close()
 * </pre>
 * {@link #finish()} is called only when all input was processed (it flushes buffered output and
 * may still emit); {@link #close()} releases resources and calls the user function's {@code
 * close()}; it is called exactly once after {@link #open()} was entered, also when the task fails
 * or is cancelled.
 */
public interface StreamOperator<OUT> {

    /** Gives the operator its context; called once, before {@link #open()}. */
    void setup(OperatorContext<OUT> context);

    void open() throws Exception;

    /** All input has been processed: emit what is buffered. */
    void finish() throws Exception;

    void close() throws Exception;

    /** The number of logical inputs: 0 for a source, 1, or 2 for a co-operator. */
    int numberOfInputs();

    /**
     * The logical input {@code index} (0 or 1); the same object on every call.
     *
     * @throws IllegalArgumentException if the operator has no such input
     */
    Input<?> input(int index);

    // Checkpointing (docs/checkpointing.md). All on the task thread, never concurrently with processing.

    /**
     * Restores the operator's state, or sets up empty state; called once after {@link #setup} and
     * before {@link #open()}, on a fresh start too.
     *
     * @param restored this subtask's state of this operator, already redistributed for the current
     *     parallelism; null on a fresh start (no checkpoint or savepoint)
     */
    default void initializeState(OperatorSubtaskState restored) throws Exception {}

    /**
     * Checkpoint {@code checkpointId}'s barrier is about to be forwarded: emit what must belong to
     * the records before it (buffered output). Called head first through the chain.
     */
    default void prepareSnapshotPreBarrier(long checkpointId) throws Exception {}

    /**
     * Takes the synchronous part of the operator's snapshot for checkpoint {@code checkpointId}:
     * function state, a copy-on-write view of keyed state, timers. The returned async part writes it
     * through {@code streams} off the task thread.
     */
    default OperatorSnapshot snapshotState(long checkpointId, long timestamp, CheckpointOptions options, CheckpointStreamFactory streams)
            throws Exception {
        return OperatorSnapshot.EMPTY;
    }

    /** Checkpoint {@code checkpointId} (and every one before it) completed; sinks commit here. */
    default void notifyCheckpointComplete(long checkpointId) throws Exception {}

    /** Checkpoint {@code checkpointId} was aborted. */
    default void notifyCheckpointAborted(long checkpointId) throws Exception {}
}
