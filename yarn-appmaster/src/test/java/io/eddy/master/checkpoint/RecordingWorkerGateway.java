package io.eddy.master.checkpoint;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.tasks.TaskId;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A worker that records the checkpoint messages it gets, as text such as {@code trigger v0#0.0 1 CHECKPOINT}. */
final class RecordingWorkerGateway implements WorkerGateway {

    final List<String> calls = new ArrayList<>();
    final List<CheckpointOptions> triggerOptions = new ArrayList<>();

    @Override
    public CompletableFuture<Void> prepareJob(JobArtifacts artifacts) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> deployTask(TaskDeploymentSpec spec) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void cancelTask(TaskId task) {
        calls.add("cancel " + task);
    }

    @Override
    public void releaseJob(JobId job) {
        calls.add("release " + job);
    }

    @Override
    public void triggerCheckpoint(TaskId task, long checkpointId, long timestamp, CheckpointOptions options) {
        calls.add("trigger " + task + " " + checkpointId + " " + options.type());
        triggerOptions.add(options);
    }

    @Override
    public void notifyCheckpointComplete(TaskId task, long checkpointId) {
        calls.add("complete " + task + " " + checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(TaskId task, long checkpointId) {
        calls.add("aborted " + task + " " + checkpointId);
    }

    List<String> callsStartingWith(String prefix) {
        return calls.stream().filter(c -> c.startsWith(prefix)).toList();
    }
}
