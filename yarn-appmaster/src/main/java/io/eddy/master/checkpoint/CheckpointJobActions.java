package io.eddy.master.checkpoint;

import java.util.function.BiConsumer;

/** What a {@link CheckpointCoordinator} may ask of its job; called on the owning thread. */
public interface CheckpointJobActions {

    /** Fails the job (more checkpoints failed in a row than tolerated). */
    void failJob(Throwable cause, String summary);

    /** Cancels the job (a savepoint with cancel-after completed). */
    void cancelJob();

    /** Actions from two callbacks. */
    static CheckpointJobActions of(BiConsumer<Throwable, String> failJob, Runnable cancelJob) {
        return new CheckpointJobActions() {
            @Override
            public void failJob(Throwable cause, String summary) {
                failJob.accept(cause, summary);
            }

            @Override
            public void cancelJob() {
                cancelJob.run();
            }
        };
    }
}
