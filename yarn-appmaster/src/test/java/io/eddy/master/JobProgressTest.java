package io.eddy.master;

import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobGraph;
import io.eddy.master.client.JobProgress;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.tasks.TaskId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The progress updates the master sends a job's client ({@code ClientGateway.jobStatusChanged}):
 * which, in which order, with which counts, and that they all come before the result. Fake
 * workers play the tasks; restart delays are 0.
 */
class JobProgressTest {

    private static final Map<String, String> ONE_RESTART = Map.of("restart-strategy", "fixed-delay",
            "restart-strategy.fixed-delay.attempts", "1", "restart-strategy.fixed-delay.delay", "0ms");

    private final Master master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofSeconds(5))
            .withCancelTimeout(Duration.ofSeconds(5)));
    private final FakeWorker worker = new FakeWorker("worker-1", 2, 1001);
    private final RecordingClient client = new RecordingClient();

    @AfterEach
    void stop() {
        master.close();
    }

    @Test
    void aJobThatFailsOnceAndRestartsReportsDeploymentRunningRestartAndRunningAgainBeforeItsResult() throws Exception {
        // V0 -FORWARD/PIPELINED-> V1, parallelism 2: regions {V0#0, V1#0} and {V0#1, V1#1}
        List<TaskDeploymentSpec> first = runJob(ONE_RESTART, 4);
        TaskId v1s0 = task(first, 1, 0);
        TaskId v0s0 = task(first, 0, 0);

        master.taskStateChanged(TaskStateUpdate.failed(v1s0, FailureInfo.of(new IllegalStateException("boom\nsecond line"))));
        assertThat(worker.awaitCancellations(1)).containsExactly(v0s0);
        master.taskStateChanged(TaskStateUpdate.canceled(v0s0));
        List<TaskDeploymentSpec> again = worker.awaitDeployments(2);
        again.forEach(s -> master.taskStateChanged(TaskStateUpdate.running(s.task())));
        List<TaskId> all = new ArrayList<>(List.of(task(first, 0, 1), task(first, 1, 1)));
        again.forEach(s -> all.add(s.task()));
        all.forEach(t -> master.taskStateChanged(TaskStateUpdate.finished(t, null)));

        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(List.copyOf(client.progress)).containsExactly(
                "RUNNING, 0 of 4 tasks running; deployed 4 of 4 tasks",
                "RUNNING, 4 of 4 tasks running",
                "RUNNING, 3 of 4 tasks running; restarting after: Task 'V1 (1/2)' on worker-1 (127.0.0.1) failed: boom",
                "RUNNING, 4 of 4 tasks running",
                "FINISHED (result)");
    }

    @Test
    void aJobWithoutRestartsReportsFailingWithTheCauseBeforeItsResult() throws Exception {
        List<TaskDeploymentSpec> tasks = runJob(Map.of(), 4);
        master.taskStateChanged(TaskStateUpdate.failed(task(tasks, 0, 1), FailureInfo.of(new IllegalStateException("bad record"))));
        List<TaskId> cancelled = worker.awaitCancellations(3);
        cancelled.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FAILED);
        assertThat(List.copyOf(client.progress)).containsExactly(
                "RUNNING, 0 of 4 tasks running; deployed 4 of 4 tasks",
                "RUNNING, 4 of 4 tasks running",
                "FAILING, 3 of 4 tasks running; Task 'V0 (2/2)' on worker-1 (127.0.0.1) failed: bad record",
                "FAILED (result)");
    }

    @Test
    void aCancelledJobReportsCancellingBeforeItsResult() throws Exception {
        List<TaskDeploymentSpec> tasks = runJob(Map.of(), 4);
        master.cancelJob(tasks.get(0).task().job()).get(10, TimeUnit.SECONDS);
        worker.awaitCancellations(4).forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.CANCELED);
        assertThat(List.copyOf(client.progress)).containsExactly(
                "RUNNING, 0 of 4 tasks running; deployed 4 of 4 tasks",
                "RUNNING, 4 of 4 tasks running",
                "CANCELLING, 4 of 4 tasks running; cancelled",
                "CANCELED (result)");
    }

    @Test
    void messagesAreCutToTheirFirstLineAndABoundedLength() {
        assertThat(JobProgress.oneLine("first\r\nsecond")).isEqualTo("first");
        assertThat(JobProgress.oneLine("x".repeat(2_000))).hasSize(JobProgress.MAX_MESSAGE_LENGTH).endsWith("...");
        assertThat(JobProgress.oneLine("")).isEmpty();
    }

    /** Submits V0 -FORWARD/PIPELINED-> V1 (parallelism 2) and reports all its tasks RUNNING once the updates up to then arrived. */
    private List<TaskDeploymentSpec> runJob(Map<String, String> settings, int tasks) throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        JobGraph graph = RegionTestGraphs.graph(2, 2).edge(0, 1, FORWARD, PIPELINED).settings(settings).build();
        master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
        List<TaskDeploymentSpec> deployed = worker.awaitDeployments(tasks);
        deployed.forEach(s -> master.taskStateChanged(TaskStateUpdate.running(s.task())));
        return deployed;
    }

    private static TaskId task(List<TaskDeploymentSpec> specs, int vertex, int subtask) {
        return specs.stream().map(TaskDeploymentSpec::task).filter(t -> t.vertex() == vertex && t.subtask() == subtask).findFirst()
                .orElseThrow(() -> new AssertionError("no deployment of v" + vertex + "#" + subtask));
    }
}
