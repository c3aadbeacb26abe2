package io.eddy.api.common.state;

/**
 * A user function with operator state (non-keyed list state, redistributed on rescaling) and, on a
 * keyed stream, keyed state, registered in {@link #initializeState}.
 *
 * <p>{@link #initializeState} is called once per run of the function, before {@code open()}, both
 * on a fresh start ({@link FunctionInitializationContext#isRestored()} false) and after a restore.
 * {@link #snapshotState} is called on the task thread when a checkpoint is taken, before the state
 * it registered is written: the function moves what it keeps in fields into its list state there.
 */
public interface CheckpointedFunction {

    void snapshotState(FunctionSnapshotContext context) throws Exception;

    void initializeState(FunctionInitializationContext context) throws Exception;
}
