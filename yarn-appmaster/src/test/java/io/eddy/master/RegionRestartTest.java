package io.eddy.master;

import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.util.InstantiationUtil;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorDescriptor;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.master.execution.TaskEvent;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.tasks.TaskId;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Region failover in the master, driven with fake workers (no task threads, no sockets): which tasks
 * are cancelled and redeployed, with which attempts and channels, and when a job finally fails.
 * Restart delays are 0, so the only waits are for the master's main thread ({@link #settle()}).
 */
class RegionRestartTest {

    private static final Map<String, String> TWO_RESTARTS = Map.of("restart-strategy", "fixed-delay",
            "restart-strategy.fixed-delay.attempts", "2", "restart-strategy.fixed-delay.delay", "0ms");

    private final Master master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofSeconds(5))
            .withCancelTimeout(Duration.ofSeconds(5)));

    @AfterEach
    void stop() {
        master.close();
    }

    @Test
    void aFailedConsumerRestartsAloneAndReadsTheSurvivingProducerAttempt() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        JobId job = submit(RegionTestGraphs.graph(1, 1).edge(0, 1, HASH, BLOCKING).settings(TWO_RESTARTS).build(), client);
        TaskDeploymentSpec producer = worker.awaitDeployments(1).get(0);
        finish(producer.task());
        TaskDeploymentSpec consumer = worker.awaitDeployments(1).get(0);
        assertThat(consumer.task().attempt()).isZero();

        master.taskStateChanged(TaskStateUpdate.failed(consumer.task(), FailureInfo.of(new IllegalStateException("first attempt fails"))));

        TaskDeploymentSpec again = worker.awaitDeployments(1).get(0);
        assertThat(again.task()).isEqualTo(new TaskId(job, 1, 0, 1));
        assertThat(again.inputChannels().get(0)).extracting(c -> c.partition().attempt()).containsExactly(0);
        finish(again.task());
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(master.taskEvents(job).get(10, TimeUnit.SECONDS)).filteredOn(e -> e.kind() == TaskEvent.Kind.DEPLOYING)
                .extracting(e -> e.task().toString()).containsExactly("v0#0.0", "v1#0.0", "v1#0.1");
    }

    @Test
    void onlyTheFailedLaneOfAPipelinedConsumerRegionIsCancelledAndRedeployed() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 2, 1001));
        RecordingClient client = new RecordingClient();
        // V0 -HASH/BLOCKING-> V1 -FORWARD/PIPELINED-> V2: regions {V0#0}, {V0#1}, {V1#0, V2#0}, {V1#1, V2#1}
        submit(RegionTestGraphs.graph(2, 2, 2).edge(0, 1, HASH, BLOCKING).edge(1, 2, FORWARD, PIPELINED).settings(TWO_RESTARTS).build(),
                client);
        List<TaskDeploymentSpec> producers = worker.awaitDeployments(2);
        finish(producers.get(0).task(), producers.get(1).task());
        List<TaskDeploymentSpec> consumers = worker.awaitDeployments(4);
        TaskId v1s0 = task(consumers, 1, 0);
        TaskId v2s0 = task(consumers, 2, 0);

        master.taskStateChanged(TaskStateUpdate.running(v2s0));
        master.taskStateChanged(TaskStateUpdate.failed(v2s0, FailureInfo.of(new IllegalStateException("boom"))));
        assertThat(worker.awaitCancellations(1)).containsExactly(v1s0);
        settle();
        assertThat(worker.deployed).as("nothing is redeployed before the cancelled task confirmed").isEmpty();
        master.taskStateChanged(TaskStateUpdate.canceled(v1s0));

        List<TaskDeploymentSpec> again = worker.awaitDeployments(2);
        assertThat(again).extracting(s -> s.task().toString()).containsExactlyInAnyOrder("v1#0.1", "v2#0.1");
        TaskDeploymentSpec v2 = again.stream().filter(s -> s.task().vertex() == 2).findFirst().orElseThrow();
        assertThat(v2.inputChannels().get(0)).extracting(c -> c.partition().attempt()).as("the pipelined producer's new attempt")
                .containsExactly(1);
        TaskDeploymentSpec v1 = again.stream().filter(s -> s.task().vertex() == 1).findFirst().orElseThrow();
        assertThat(v1.inputChannels().get(0)).extracting(c -> c.partition().attempt()).containsExactly(0, 0);
        settle();
        assertThat(worker.cancelled).as("the other lane keeps running").isEmpty();

        finish(task(consumers, 1, 1), task(consumers, 2, 1), task(again, 1, 0), task(again, 2, 0));
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FINISHED);
    }

    @Test
    void aLostWorkersResultsAreRegeneratedOnAnotherWorkerBeforeTheirConsumersRunAgain() throws Exception {
        FakeWorker a = register(new FakeWorker("worker-a", 2, 1001));
        FakeWorker b = register(new FakeWorker("worker-b", 2, 1002));
        RecordingClient client = new RecordingClient();
        JobId job = submit(RegionTestGraphs.graph(2, 2).edge(0, 1, HASH, BLOCKING).settings(TWO_RESTARTS).build(), client);
        TaskId p0 = a.awaitDeployments(1).get(0).task();
        TaskId p1 = b.awaitDeployments(1).get(0).task();
        finish(p0, p1);
        TaskId c0 = a.awaitDeployments(1).get(0).task();
        TaskId c1 = b.awaitDeployments(1).get(0).task();
        master.taskStateChanged(TaskStateUpdate.running(c0));
        master.taskStateChanged(TaskStateUpdate.running(c1));

        master.workerLost(b.registration.id(), "connection closed");

        assertThat(a.awaitCancellations(1)).as("the consumer on worker-a read a lost result").containsExactly(c0);
        master.taskStateChanged(TaskStateUpdate.canceled(c0));
        TaskDeploymentSpec regenerated = a.awaitDeployments(1).get(0);
        assertThat(regenerated.task()).as("lane 1 moved to worker-a's free slot").isEqualTo(new TaskId(job, 0, 1, 1));
        settle();
        assertThat(a.deployed).as("consumers wait for the regenerated result").isEmpty();

        finish(regenerated.task());
        List<TaskDeploymentSpec> consumers = a.awaitDeployments(2);
        assertThat(consumers).extracting(s -> s.task().toString()).containsExactlyInAnyOrder("v1#0.1", "v1#1.1");
        for (TaskDeploymentSpec c : consumers) {
            assertThat(c.inputChannels().get(0)).extracting(InputChannelSpec::producerDataAddress)
                    .as("both producers' results are on worker-a now").containsOnly(a.registration.dataAddress());
            assertThat(c.inputChannels().get(0)).extracting(ch -> ch.partition().attempt()).containsExactly(0, 1);
            finish(c.task());
        }
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(master.slotReport().get(10, TimeUnit.SECONDS)).containsExactly(1, 2, 2);
        assertThat(b.deployed).isEmpty();
    }

    @Test
    void withoutFreeSlotsTheRestartWaitsForANewWorkerAndPreparesTheJobThere() throws Exception {
        FakeWorker a = register(new FakeWorker("worker-a", 1, 1001));
        FakeWorker b = register(new FakeWorker("worker-b", 1, 1002));
        RecordingClient client = new RecordingClient();
        JobId job = submit(RegionTestGraphs.graph(2, 2).edge(0, 1, HASH, BLOCKING).settings(TWO_RESTARTS).build(), client);
        TaskId p0 = a.awaitDeployments(1).get(0).task();
        TaskId p1 = b.awaitDeployments(1).get(0).task();
        finish(p0, p1);
        TaskId c0 = a.awaitDeployments(1).get(0).task();
        b.awaitDeployments(1);

        master.workerLost(b.registration.id(), "connection closed");
        assertThat(a.awaitCancellations(1)).containsExactly(c0);
        master.taskStateChanged(TaskStateUpdate.canceled(c0));
        settle();
        assertThat(a.deployed).as("no free slot for lane 1 yet").isEmpty();

        FakeWorker c = register(new FakeWorker("worker-c", 1, 1003));
        assertThat(c.prepared.poll(10, TimeUnit.SECONDS)).as("the new worker prepares the job first").isEqualTo(job);
        TaskDeploymentSpec regenerated = c.awaitDeployments(1).get(0);
        assertThat(regenerated.task()).isEqualTo(new TaskId(job, 0, 1, 1));
        finish(regenerated.task());
        TaskDeploymentSpec onA = a.awaitDeployments(1).get(0);
        TaskDeploymentSpec onC = c.awaitDeployments(1).get(0);
        assertThat(onA.task()).isEqualTo(new TaskId(job, 1, 0, 1));
        assertThat(onC.task()).isEqualTo(new TaskId(job, 1, 1, 1));
        assertThat(onA.inputChannels().get(0)).extracting(InputChannelSpec::producerDataAddress)
                .containsExactly(a.registration.dataAddress(), c.registration.dataAddress());
        finish(onA.task(), onC.task());
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FINISHED);
        assertThat(master.slotReport().get(10, TimeUnit.SECONDS)).containsExactly(2, 2, 2);
    }

    @Test
    void whenTheAttemptsAreUsedUpTheJobFailsWithTheFirstFailureAsRootCause() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        submit(RegionTestGraphs.graph(1).settings(Map.of("restart-strategy", "fixed-delay", "restart-strategy.fixed-delay.attempts", "1",
                "restart-strategy.fixed-delay.delay", "0ms")).build(), client);
        TaskId first = worker.awaitDeployments(1).get(0).task();
        master.taskStateChanged(TaskStateUpdate.failed(first, FailureInfo.of(new IllegalStateException("first cause"))));
        TaskId second = worker.awaitDeployments(1).get(0).task();
        assertThat(second.attempt()).isEqualTo(1);
        master.taskStateChanged(TaskStateUpdate.failed(second, FailureInfo.of(new IllegalArgumentException("second cause"))));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureOrNull().message()).isEqualTo("first cause");
        assertThat(result.failureSummary()).contains("V0 (1/1)").contains("first cause").contains("after 1 restart(s)")
                .contains("second cause");
    }

    @Test
    void withoutARestartStrategyTheFirstFailureFailsTheJobAsBefore() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        submit(RegionTestGraphs.graph(1, 1).edge(0, 1, HASH, BLOCKING).build(), client);
        finish(worker.awaitDeployments(1).get(0).task());
        TaskId consumer = worker.awaitDeployments(1).get(0).task();
        master.taskStateChanged(TaskStateUpdate.failed(consumer, FailureInfo.of(new IllegalStateException("boom"))));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).isEqualTo("Task 'V1 (1/1)' on worker-1 (127.0.0.1) failed: boom");
        settle();
        assertThat(worker.deployed).isEmpty();
    }

    @Test
    void aRegionWhoseCollectSinkSentRecordsIsNotRestartedBecauseTheClientWouldGetThemTwice() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        OperatorDescriptor sink = OperatorDescriptor.builder(new OperatorKinds.CollectSink("results")).inputType(Types.LONG).build();
        JobVertex vertex = new JobVertex(new JobVertexId(0), "Collect", 1, 128, List.of(new OperatorSpec("sink", "Collect",
                sink.kind().name(), InstantiationUtil.serialize(sink, "collect sink"), List.of())));
        JobGraph graph = new JobGraph(JobId.generate(), "collecting job", List.of(vertex), List.of(), 100, new byte[] {0}, TWO_RESTARTS);
        JobId job = submit(graph, client);
        TaskId task = worker.awaitDeployments(1).get(0).task();
        master.collectBatch(job, "results", 0, new byte[] {1}).get(10, TimeUnit.SECONDS);

        master.taskStateChanged(TaskStateUpdate.failed(task, FailureInfo.of(new IllegalStateException("boom"))));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).contains("boom").contains("not restarted: the collect sink 'Collect (1/1)' sent records");
        settle();
        assertThat(worker.deployed).isEmpty();
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

    private FakeWorker register(FakeWorker worker) throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        return worker;
    }

    private JobId submit(JobGraph graph, RecordingClient client) throws Exception {
        return master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
    }
}
