package io.eddy.api.common.state;

import io.eddy.api.common.typeinfo.TypeInfo;

/**
 * The simplest way for a user function to keep state across failures: the runtime asks for the
 * state as one value when a checkpoint is taken and hands it back before {@code open()} after a
 * restore. The value is written with the serializer of its type (extracted from the type argument
 * of the implementing class, or given by {@link #stateType()}); Java serialization is never used.
 *
 * <p>On rescaling, the states of all old parallel instances are offered round-robin to the new
 * ones: an instance may get none (no {@link #restoreState} call) or several (one call each). A
 * function whose state must be split should use {@link CheckpointedFunction} with list state.
 *
 * <p>Both methods run on the task thread; {@link #snapshotState} runs between records (for a
 * source: while the source does not hold the checkpoint lock). The returned value must not be
 * changed afterwards by the function (return a copy of mutable state).
 *
 * @param <T> the type of the state
 */
public interface Checkpointed<T> {

    /** The state as of now, for checkpoint {@code checkpointId}; null for "no state". */
    T snapshotState(long checkpointId, long timestamp) throws Exception;

    /** Restores state taken by {@link #snapshotState}; called before {@code open()}. */
    void restoreState(T state) throws Exception;

    /** The type of the state, where the type argument of the implementing class is not enough; null to extract it. */
    default TypeInfo<T> stateType() {
        return null;
    }
}
