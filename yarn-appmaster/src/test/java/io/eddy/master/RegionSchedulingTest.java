package io.eddy.master;

import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.execution.TaskEvent;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.tasks.TaskId;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The master's region scheduling, driven with fake workers (no task threads, no sockets). After each
 * step the test waits for the master's main thread to go idle ({@link #settle()}): it handles calls
 * in order, so anything it would deploy has been deployed by then.
 */
class RegionSchedulingTest {

    private final Master master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofSeconds(5))
            .withCancelTimeout(Duration.ofSeconds(5)));

    @AfterEach
    void stop() {
        master.close();
    }

    @Test
    void theConsumerRegionIsDeployedOnlyAfterEveryProducerFinishedAndTheJobEndsAfterIt() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 2, 1001));
        RecordingClient client = new RecordingClient();
        // V0 -FORWARD/PIPELINED-> V1 -HASH/BLOCKING-> V2
        JobId job = submit(RegionTestGraphs.graph(2, 2, 2).edge(0, 1, FORWARD, PIPELINED).edge(1, 2, HASH, BLOCKING).build(), client);

        List<TaskDeploymentSpec> first = worker.awaitDeployments(4);
        settle();
        assertThat(first).extracting(s -> s.task().vertex()).containsOnly(0, 1);
        assertThat(worker.deployed).as("the consumer region waits for its blocking input").isEmpty();

        finish(task(first, 0, 0), task(first, 0, 1), task(first, 1, 0));
        settle();
        assertThat(worker.deployed).as("one producer of the blocking input is still running").isEmpty();

        finish(task(first, 1, 1));
        List<TaskDeploymentSpec> second = worker.awaitDeployments(2);
        assertThat(second).extracting(s -> s.task().vertex()).containsOnly(2);
        assertThat(second).extracting(s -> s.task().subtask()).containsExactlyInAnyOrder(0, 1);
        assertThat(master.listJobs().get()).singleElement().satisfies(s -> assertThat(s.status()).isEqualTo(JobStatus.RUNNING));

        finish(second.get(0).task(), second.get(1).task());
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(worker.released.poll(10, TimeUnit.SECONDS)).isEqualTo(job);

        List<TaskEvent> history = master.taskEvents(job).get(10, TimeUnit.SECONDS);
        int lastProducerFinished = lastIndexOf(history, TaskEvent.Kind.FINISHED, 1);
        int firstConsumerDeployed = firstIndexOf(history, TaskEvent.Kind.DEPLOYING, 2);
        assertThat(firstConsumerDeployed).isGreaterThan(lastProducerFinished);
    }

    @Test
    void aFailureBeforeTheConsumerRegionRanCancelsItsTasksWithoutAskingAWorker() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        submit(RegionTestGraphs.graph(1, 1).edge(0, 1, HASH, BLOCKING).build(), client);
        TaskDeploymentSpec producer = worker.awaitDeployments(1).get(0);

        master.taskStateChanged(TaskStateUpdate.failed(producer.task(), FailureInfo.of(new IllegalStateException("boom"))));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).contains("V0 (1/1)").contains("boom");
        settle();
        assertThat(worker.deployed).isEmpty();
        assertThat(worker.cancelled).isEmpty();
        assertThat(master.slotReport().get()).containsExactly(1, 1, 1);
    }

    @Test
    void cancellingBetweenRegionsEndsTheJobCanceled() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        JobId job = submit(RegionTestGraphs.graph(1, 1, 1).edge(0, 1, FORWARD, BLOCKING).edge(1, 2, FORWARD, BLOCKING).build(), client);
        finish(worker.awaitDeployments(1).get(0).task());
        TaskDeploymentSpec middle = worker.awaitDeployments(1).get(0);
        assertThat(middle.task().vertex()).isEqualTo(1);

        master.cancelJob(job).get(10, TimeUnit.SECONDS);
        assertThat(worker.awaitCancellations(1)).containsExactly(middle.task());
        master.taskStateChanged(TaskStateUpdate.canceled(middle.task()));

        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.CANCELED);
        settle();
        assertThat(worker.deployed).as("the last region is never deployed").isEmpty();
    }

    private void finish(TaskId... tasks) {
        for (TaskId t : tasks) {
            master.taskStateChanged(TaskStateUpdate.running(t));
            master.taskStateChanged(TaskStateUpdate.finished(t, null));
        }
    }

    /** Waits until the master's main thread has handled everything sent before. */
    private void settle() throws Exception {
        master.slotReport().get(10, TimeUnit.SECONDS);
        master.slotReport().get(10, TimeUnit.SECONDS);
    }

    private static TaskId task(List<TaskDeploymentSpec> specs, int vertex, int subtask) {
        return specs.stream().map(TaskDeploymentSpec::task).filter(t -> t.vertex() == vertex && t.subtask() == subtask).findFirst()
                .orElseThrow(() -> new AssertionError("no deployment of v" + vertex + "#" + subtask));
    }

    private static int lastIndexOf(List<TaskEvent> history, TaskEvent.Kind kind, int vertex) {
        int found = -1;
        for (int i = 0; i < history.size(); i++) {
            if (history.get(i).kind() == kind && history.get(i).task().vertex() == vertex) {
                found = i;
            }
        }
        return found;
    }

    private static int firstIndexOf(List<TaskEvent> history, TaskEvent.Kind kind, int vertex) {
        for (int i = 0; i < history.size(); i++) {
            if (history.get(i).kind() == kind && history.get(i).task().vertex() == vertex) {
                return i;
            }
        }
        throw new AssertionError("no " + kind + " of vertex " + vertex + " in " + history);
    }

    private FakeWorker register(FakeWorker worker) throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        return worker;
    }

    private JobId submit(JobGraph graph, RecordingClient client) throws Exception {
        return master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
    }
}
