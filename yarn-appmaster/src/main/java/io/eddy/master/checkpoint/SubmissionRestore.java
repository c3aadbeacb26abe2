package io.eddy.master.checkpoint;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.master.checkpoint.StateAssignment.AssignedState;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.ResolvedCheckpoint;
import java.io.IOException;

/**
 * The state a newly submitted job starts with ({@code eddy run --from-savepoint PATH}, i.e. {@link
 * CheckpointingOptions#RESTORE_PATH} in its settings): the savepoint's metadata is read and
 * verified and its state assigned to the job's subtasks at submission, so a missing, foreign or
 * unassignable savepoint rejects the submission before any task starts. Called on the master's
 * main thread (reads one metadata file; state files are read by the tasks).
 */
public final class SubmissionRestore {

    private SubmissionRestore() {}

    /**
     * The state the subtasks of {@code graph} restore, or null when {@code settings} (the job's
     * settings over the cluster's defaults) name no restore path.
     *
     * @throws IllegalArgumentException naming the path when it is missing, not a checkpoint,
     *     foreign or corrupt, or when its state does not fit the job (unmatched operators, changed
     *     max parallelism)
     */
    public static AssignedState assign(JobGraph graph, Configuration settings) {
        String path = settings.get(CheckpointingOptions.RESTORE_PATH);
        if (path == null || path.isBlank()) {
            return null;
        }
        ResolvedCheckpoint checkpoint;
        try {
            checkpoint = CheckpointStorage.create(graph.jobId(), settings).resolveCheckpoint(path);
        } catch (IOException e) {
            throw new IllegalArgumentException("Job '" + graph.name() + "' cannot start from savepoint '" + path + "': " + e.getMessage()
                    + " (check --from-savepoint / " + CheckpointingOptions.RESTORE_PATH.key() + ")", e);
        }
        try {
            return StateAssignment.assign(checkpoint.metadata(), graph, settings.get(CheckpointingOptions.ALLOW_NON_RESTORED_STATE));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Job '" + graph.name() + "' cannot start from savepoint " + checkpoint.pointer() + ": "
                    + e.getMessage(), e);
        }
    }
}
