package io.eddy.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.failover.RestartOptions;
import io.eddy.master.failover.RestartStrategy;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerGateway;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.cluster.WorkerRegistration;
import io.eddy.runtime.tasks.TaskId;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Streaming failover with checkpoints in the master, with a fake worker that plays the tasks: a
 * failed task restarts every task, each deployed with its state from the latest completed
 * checkpoint, and checkpoint ids go on increasing.
 */
class CheckpointFailoverTest {

    private final Master master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofSeconds(5))
            .withCancelTimeout(Duration.ofSeconds(5)));
    private final CheckpointingWorker worker = new CheckpointingWorker();

    @AfterEach
    void stop() {
        master.close();
    }

    /** Records deployments, cancellations and checkpoint messages. */
    private static final class CheckpointingWorker implements WorkerGateway {
        final WorkerRegistration registration = new WorkerRegistration(new WorkerId("w"), 2, new InetSocketAddress("127.0.0.1", 1001), "127.0.0.1", 1);
        final BlockingQueue<TaskDeploymentSpec> deployed = new LinkedBlockingQueue<>();
        final BlockingQueue<TaskId> cancelled = new LinkedBlockingQueue<>();
        final BlockingQueue<long[]> triggers = new LinkedBlockingQueue<>();
        final BlockingQueue<String> notifications = new LinkedBlockingQueue<>();

        @Override
        public CompletableFuture<Void> prepareJob(JobArtifacts artifacts) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> deployTask(TaskDeploymentSpec spec) {
            deployed.add(spec);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void cancelTask(TaskId task) {
            cancelled.add(task);
        }

        @Override
        public void releaseJob(JobId job) {}

        @Override
        public void triggerCheckpoint(TaskId task, long checkpointId, long timestamp, CheckpointOptions options) {
            triggers.add(new long[] {task.vertex(), task.subtask(), checkpointId});
        }

        @Override
        public void notifyCheckpointComplete(TaskId task, long checkpointId) {
            notifications.add("complete " + task + " " + checkpointId);
        }

        @Override
        public void notifyCheckpointAborted(TaskId task, long checkpointId) {
            notifications.add("aborted " + task + " " + checkpointId);
        }
    }

    private static TaskStateSnapshot stateOf(TaskId task) {
        String uid = task.vertex() == 0 ? "src" : "map";
        OperatorStateHandle handle = new OperatorStateHandle(Map.of("_checkpointed",
                new OperatorStateHandle.StateMetaInfo(OperatorStateHandle.Mode.SPLIT, new long[] {0})),
                new ByteStreamStateHandle(uid + "-" + task.subtask(), new byte[] {(byte) task.subtask()}));
        return new TaskStateSnapshot(Map.of(uid, new OperatorSubtaskState(List.of(), List.of(handle))));
    }

    @Test
    void aFailedTaskRestartsAllTasksFromTheLatestCompletedCheckpoint() throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        JobGraph g = TestGraphs.twoVertices(2, ShipStrategy.HASH, 2);
        JobGraph graph = new JobGraph(g.jobId(), g.name(), g.vertices(), g.edges(), g.bufferTimeoutMillis(), g.serializerConfigBytes(),
                Map.of("execution.checkpointing.interval", "20ms", "state.checkpoint-storage", "memory", "restart-strategy", "fixed-delay",
                        "restart-strategy.fixed-delay.attempts", "1", "restart-strategy.fixed-delay.delay", "0ms"));
        RecordingClient client = new RecordingClient();
        master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
        List<TaskDeploymentSpec> first = FakeWorker.take(worker.deployed, 4);
        assertThat(first).allSatisfy(s -> assertThat(s.restoreOrNull()).isNull());
        first.forEach(s -> master.taskStateChanged(TaskStateUpdate.running(s.task())));

        List<long[]> triggers = FakeWorker.take(worker.triggers, 2);
        long id = triggers.get(0)[2];
        assertThat(triggers).allSatisfy(t -> assertThat(t[0]).as("only sources are triggered").isZero());
        first.forEach(s -> master.acknowledgeCheckpoint(s.task(), id, new CheckpointMetrics(0, 0, 0, 1), stateOf(s.task())));
        List<String> notes = FakeWorker.take(worker.notifications, 4);
        assertThat(notes).allSatisfy(n -> assertThat(n).isIn(first.stream().map(s -> "complete " + s.task() + " " + id).toList()));

        TaskId failed = first.get(3).task();
        master.taskStateChanged(TaskStateUpdate.failed(failed, FailureInfo.of(new IllegalStateException("boom"))));
        List<TaskId> cancelled = FakeWorker.take(worker.cancelled, 3);
        assertThat(cancelled).doesNotContain(failed);
        cancelled.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        List<TaskDeploymentSpec> again = FakeWorker.take(worker.deployed, 4);
        assertThat(again).allSatisfy(s -> {
            assertThat(s.task().attempt()).isEqualTo(1);
            TaskRestore restore = s.restoreOrNull();
            assertThat(restore).isNotNull();
            assertThat(restore.checkpointId()).isEqualTo(id);
            String uid = s.task().vertex() == 0 ? "src" : "map";
            ByteStreamStateHandle handle = (ByteStreamStateHandle) restore.state().stateOf(uid).managedOperatorState().get(0).delegate();
            assertThat(handle.name()).isEqualTo(uid + "-" + s.task().subtask());
            assertThat(handle.data()).containsExactly((byte) s.task().subtask());
        });

        worker.triggers.clear();
        again.forEach(s -> master.taskStateChanged(TaskStateUpdate.running(s.task())));
        long next = FakeWorker.take(worker.triggers, 1).get(0)[2];
        assertThat(next).isGreaterThan(id);
        again.forEach(s -> master.taskStateChanged(TaskStateUpdate.finished(s.task(), null)));
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(client.progress).as("the client hears which checkpoint the restart restores")
                .contains("RUNNING, 3 of 4 tasks running; restarting after: Task 'Map (2/2)' on w (127.0.0.1) failed: boom;"
                        + " restoring checkpoint " + id);
    }

    private List<TaskDeploymentSpec> runJob(Map<String, String> settings, RecordingClient client) throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        JobGraph g = TestGraphs.twoVertices(1, ShipStrategy.FORWARD, 1);
        JobGraph graph = new JobGraph(g.jobId(), g.name(), g.vertices(), g.edges(), g.bufferTimeoutMillis(), g.serializerConfigBytes(), settings);
        master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
        List<TaskDeploymentSpec> tasks = FakeWorker.take(worker.deployed, 2);
        tasks.forEach(s -> master.taskStateChanged(TaskStateUpdate.running(s.task())));
        return tasks;
    }

    @Test
    void aSavepointWithCancelCompletesWithItsPathAndCancelsTheJob(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        RecordingClient client = new RecordingClient();
        List<TaskDeploymentSpec> tasks = runJob(Map.of("state.checkpoint-storage", "memory"), client);
        JobId job = tasks.get(0).task().job();
        CompletableFuture<String> savepoint = master.triggerSavepoint(job, dir.toUri().toString(), true);
        long id = FakeWorker.take(worker.triggers, 1).get(0)[2];
        tasks.forEach(s -> master.acknowledgeCheckpoint(s.task(), id, new CheckpointMetrics(0, 0, 0, 1), stateOf(s.task())));
        String path = savepoint.get(10, TimeUnit.SECONDS);
        assertThat(path).contains("savepoint-");
        assertThat(java.nio.file.Files.exists(java.nio.file.Path.of(java.net.URI.create(path)).resolve("_metadata"))).isTrue();
        List<TaskId> cancelled = FakeWorker.take(worker.cancelled, 2);
        cancelled.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.CANCELED);
    }

    @Test
    void moreDeclinedCheckpointsInARowThanToleratedFailTheJob() throws Exception {
        RecordingClient client = new RecordingClient();
        List<TaskDeploymentSpec> tasks = runJob(Map.of("execution.checkpointing.interval", "10ms", "state.checkpoint-storage", "memory",
                "execution.checkpointing.tolerable-failures", "1", "restart-strategy", "none"), client);
        for (int i = 0; i < 2; i++) {
            long id = FakeWorker.take(worker.triggers, 1).get(0)[2];
            master.declineCheckpoint(tasks.get(1).task(), id, FailureInfo.of(new java.io.IOException("disk full")));
        }
        List<TaskId> cancelled = FakeWorker.take(worker.cancelled, 2);
        cancelled.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));
        var result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).contains("2 checkpoint(s) in a row failed", "disk full");
    }

    @Test
    void withCheckpointingAFailureRestartsEveryRegionNotOnlyTheFailedOne() throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        List<JobVertex> vertices = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            boolean source = i % 2 == 0;
            vertices.add(new JobVertex(new JobVertexId(i), (source ? "Source " : "Map ") + i, 1, 128, List.of(new OperatorSpec("op" + i,
                    "op" + i, source ? "source" : "map", new byte[] {0}, source ? List.of(OperatorOutput.network(0)) : List.of()))));
        }
        List<JobEdge> edges = List.of(
                new JobEdge(new JobVertexId(0), 0, new JobVertexId(1), 0, 0, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null, new byte[] {0}),
                new JobEdge(new JobVertexId(2), 0, new JobVertexId(3), 0, 0, ShipStrategy.FORWARD, ExchangeMode.PIPELINED, null, new byte[] {0}));
        JobGraph graph = new JobGraph(JobId.generate(), "two pipelines", vertices, edges, 100, new byte[] {0}, Map.of(
                "execution.checkpointing.interval", "1h", "state.checkpoint-storage", "memory", "restart-strategy", "fixed-delay",
                "restart-strategy.fixed-delay.attempts", "1", "restart-strategy.fixed-delay.delay", "0ms"));
        master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new RecordingClient()).get(10, TimeUnit.SECONDS);
        List<TaskDeploymentSpec> first = FakeWorker.take(worker.deployed, 4);
        first.forEach(s -> master.taskStateChanged(TaskStateUpdate.running(s.task())));
        TaskId failed = first.stream().map(TaskDeploymentSpec::task).filter(t -> t.vertex() == 1).findFirst().orElseThrow();
        master.taskStateChanged(TaskStateUpdate.failed(failed, FailureInfo.of(new IllegalStateException("boom"))));
        List<TaskId> cancelled = FakeWorker.take(worker.cancelled, 3);
        assertThat(cancelled).extracting(TaskId::vertex).containsExactlyInAnyOrder(0, 2, 3);
        cancelled.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));
        assertThat(FakeWorker.take(worker.deployed, 4)).extracting(s -> s.task().attempt()).containsOnly(1);
    }

    @Test
    void checkpointingWithFileSystemStorageAndNoDirectoryFailsTheSubmission() throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        JobGraph g = TestGraphs.twoVertices(1, ShipStrategy.FORWARD, 1);
        JobGraph graph = new JobGraph(g.jobId(), g.name(), g.vertices(), g.edges(), g.bufferTimeoutMillis(), g.serializerConfigBytes(),
                Map.of("execution.checkpointing.interval", "1s"));
        CompletableFuture<JobId> submitted = master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new RecordingClient());
        assertThat(submitted).failsWithin(Duration.ofSeconds(10)).withThrowableOfType(Exception.class)
                .withMessageContaining("state.checkpoints.dir");
    }

    @Test
    void aJobWithCheckpointingAndNoStrategyRestartsWithTheDefault() {
        JobGraph g = TestGraphs.twoVertices(1, ShipStrategy.FORWARD, 1);
        JobGraph graph = new JobGraph(g.jobId(), g.name(), g.vertices(), g.edges(), g.bufferTimeoutMillis(), g.serializerConfigBytes(),
                Map.of("execution.checkpointing.interval", "1s"));
        assertThat(JobCheckpointing.settingsWithDefaultRestart(Map.of(), graph)).containsEntry("restart-strategy", "fixed-delay")
                .containsEntry("restart-strategy.fixed-delay.attempts", "3");
        assertThat(JobCheckpointing.settingsWithDefaultRestart(Map.of("restart-strategy", "none"), graph)).doesNotContainKey("restart-strategy");
        assertThat(JobCheckpointing.settingsWithDefaultRestart(Map.of(), g)).isEmpty();
        // the API's keys are the master's
        assertThat(io.eddy.api.common.restart.RestartStrategy.fixedDelay(1, Duration.ZERO).toSettings().keySet())
                .containsExactlyInAnyOrder(RestartOptions.STRATEGY.key(), RestartOptions.FIXED_DELAY_ATTEMPTS.key(), RestartOptions.FIXED_DELAY_DELAY.key());
        assertThat(io.eddy.api.common.restart.RestartStrategy.failureRate(1, Duration.ofSeconds(1), Duration.ZERO).toSettings().keySet())
                .containsExactlyInAnyOrder(RestartOptions.STRATEGY.key(), RestartOptions.FAILURE_RATE_MAX_FAILURES.key(),
                        RestartOptions.FAILURE_RATE_INTERVAL.key(), RestartOptions.FAILURE_RATE_DELAY.key());
        assertThat(RestartStrategy.forJob(new io.eddy.configuration.Configuration(), JobCheckpointing.settingsWithDefaultRestart(Map.of(), graph))
                .toString()).startsWith("fixed-delay (3 attempt(s)");
    }
}
