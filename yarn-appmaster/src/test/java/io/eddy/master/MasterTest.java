package io.eddy.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.api.common.accumulators.IntCounter;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.io.network.netty.RemoteTransportException;
import io.eddy.runtime.io.network.partition.ProducerFailedException;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.tasks.TaskId;
import java.io.Serializable;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The master's job state machine, driven with fake workers that play the tasks' part (no threads of tasks, no sockets). */
class MasterTest {

    private Master master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofMillis(300)).withCancelTimeout(Duration.ofMillis(300)));

    @AfterEach
    void stop() {
        master.close();
    }

    @Test
    void aJobWhoseTasksAllFinishEndsFinishedWithMergedAccumulators() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 2, 1001));
        RecordingClient client = new RecordingClient();
        JobGraph graph = TestGraphs.twoVertices(2, ShipStrategy.HASH, 2);

        submit(graph, client);
        List<TaskDeploymentSpec> specs = worker.awaitDeployments(4);
        int n = 1;
        for (TaskDeploymentSpec s : specs) {
            master.taskStateChanged(TaskStateUpdate.running(s.task()));
            master.taskStateChanged(TaskStateUpdate.finished(s.task(), counter("records", n++)));
        }

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FINISHED);
        Map<String, Serializable> accumulators = AccumulatorBytes.deserializeValues(result.accumulators(), getClass().getClassLoader(), "test");
        assertThat(accumulators).containsEntry("records", 1 + 2 + 3 + 4);
        assertThat(worker.released.poll(10, TimeUnit.SECONDS)).isEqualTo(graph.jobId());
        assertThat(master.slotReport().get()).containsExactly(1, 2, 2);
    }

    @Test
    void lanesAreSpreadOverWorkersAndChannelsFollowTheShipStrategy() throws Exception {
        FakeWorker w1 = register(new FakeWorker("worker-1", 2, 1001));
        FakeWorker w2 = register(new FakeWorker("worker-2", 2, 1002));
        JobGraph hash = TestGraphs.twoVertices(2, ShipStrategy.HASH, 2);

        submit(hash, new RecordingClient());
        TaskDeploymentSpec consumer0 = byTask(w1.awaitDeployments(2), 1, 0);
        List<TaskDeploymentSpec> onW2 = w2.awaitDeployments(2);
        TaskDeploymentSpec producer1 = byTask(onW2, 0, 1);

        assertThat(consumer0.inputChannels()).hasSize(1);
        List<InputChannelSpec> channels = consumer0.inputChannels().get(0);
        assertThat(channels).extracting(InputChannelSpec::subpartition).containsExactly(0, 0);
        assertThat(channels).extracting(c -> c.partition().subtask()).containsExactly(0, 1);
        assertThat(channels).extracting(c -> c.producerDataAddress().getPort()).containsExactly(1001, 1002);
        assertThat(producer1.outputPartitions().get(0).numberOfSubpartitions()).isEqualTo(2);
        assertThat(producer1.outputPartitions().get(0).partitionId().subtask()).isEqualTo(1);
        assertThat(producer1.outputPartitions().get(0).consumerMaxParallelism()).isEqualTo(128);
    }

    @Test
    void forwardEdgesConnectProducerIToConsumerIThroughOneSubpartition() throws Exception {
        FakeWorker w1 = register(new FakeWorker("worker-1", 1, 1001));
        FakeWorker w2 = register(new FakeWorker("worker-2", 1, 1002));

        submit(TestGraphs.twoVertices(2, ShipStrategy.FORWARD, 2), new RecordingClient());
        w1.awaitDeployments(2);
        List<TaskDeploymentSpec> onW2 = w2.awaitDeployments(2);

        TaskDeploymentSpec consumer = byTask(onW2, 1, 1);
        assertThat(consumer.inputChannels().get(0)).singleElement().satisfies(c -> {
            assertThat(c.partition().subtask()).isEqualTo(1);
            assertThat(c.subpartition()).isZero();
            assertThat(c.producerDataAddress().getPort()).isEqualTo(1002);
        });
        assertThat(byTask(onW2, 0, 1).outputPartitions().get(0).numberOfSubpartitions()).isEqualTo(1);
    }

    @Test
    void theFirstTaskFailureCancelsTheOthersAndFailsTheJobNamingTaskAndWorker() throws Exception {
        TwoByTwo job = deployTwoByTwo();
        FakeWorker worker = job.worker();
        RecordingClient client = job.client();
        TaskId failing = byTask(job.specs(), 1, 1).task();
        IllegalStateException boom = new IllegalStateException("Operator 'Map (2/2)' failed while processing a record: boom");

        master.taskStateChanged(TaskStateUpdate.failed(failing, FailureInfo.of(boom)));
        List<TaskId> cancelled = worker.awaitCancellations(3);
        assertThat(cancelled).doesNotContain(failing);
        cancelled.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).isEqualTo(
                "Task 'Map (2/2)' on worker-1 (127.0.0.1) failed: Operator 'Map (2/2)' failed while processing a record: boom");
        assertThat(result.failureOrNull().toException()).isSameAs(boom);
    }

    @Test
    void aProducersOwnFailureReportedAfterItsConsumersIsTheJobsFailure() throws Exception {
        TwoByTwo job = deployTwoByTwo();
        FakeWorker worker = job.worker();
        RecordingClient client = job.client();
        TaskId producer = byTask(job.specs(), 0, 0).task();
        TaskId consumer = byTask(job.specs(), 1, 1).task();
        IllegalStateException root = new IllegalStateException("Operator 'Source (1/2)' failed while running its source function: in.csv:7: bad");

        // The consumer hears of the failure over the network before the producer's report reaches the master.
        master.taskStateChanged(TaskStateUpdate.failed(consumer,
                FailureInfo.of(new ProducerFailedException("The producer of partition p subpartition 1 failed: " + root, root))));
        List<TaskId> cancelled = worker.awaitCancellations(3);
        master.taskStateChanged(TaskStateUpdate.failed(producer, FailureInfo.of(root)));
        cancelled.stream().filter(t -> !t.equals(producer)).forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).isEqualTo("Task 'Source (1/2)' on worker-1 (127.0.0.1) failed: " + root.getMessage());
        assertThat(result.failureOrNull().toException()).isSameAs(root);
    }

    @Test
    void tasksThatDoNotConfirmCancellationAreGivenUpOnAfterTheTimeout() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        submit(TestGraphs.twoVertices(1, ShipStrategy.FORWARD, 1), client);
        List<TaskDeploymentSpec> specs = worker.awaitDeployments(2);

        master.taskStateChanged(TaskStateUpdate.failed(specs.get(0).task(), FailureInfo.of(new RuntimeException("x"))));

        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.FAILED);
        assertThat(master.slotReport().get()).containsExactly(1, 1, 1);
    }

    @Test
    void aJobThatNeedsMoreSlotsThanTheClusterHasFailsWithAClearMessage() throws Exception {
        register(new FakeWorker("worker-1", 1, 1001));
        register(new FakeWorker("worker-2", 1, 1002));
        RecordingClient client = new RecordingClient();

        submit(TestGraphs.twoVertices(4, ShipStrategy.REBALANCE, 1), client);

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).isEqualTo(
                "Job needs 4 slots but the cluster has 2 (2 workers x 1 slot): start more workers or lower the parallelism");
    }

    @Test
    void aWaitingJobStartsWhenEnoughWorkersHaveRegistered() throws Exception {
        master.close();
        master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofSeconds(20)).withCancelTimeout(Duration.ofMillis(300)));
        register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        submit(TestGraphs.twoVertices(2, ShipStrategy.REBALANCE, 2), client);
        assertThat(master.listJobs().get()).extracting(JobSummary::status).containsExactly(JobStatus.CREATED);

        FakeWorker w2 = register(new FakeWorker("worker-2", 1, 1002));

        assertThat(w2.awaitDeployments(2)).extracting(s -> s.task().subtask()).containsOnly(1);
        assertThat(master.listJobs().get()).extracting(JobSummary::status).containsExactly(JobStatus.RUNNING);
    }

    /** A job of two vertices at parallelism 2 running on two workers of one slot each. */
    private record TwoWorkerJob(FakeWorker w1, FakeWorker w2, RecordingClient client, List<TaskDeploymentSpec> onW1) {}

    private TwoWorkerJob runTwoWorkerJob() throws Exception {
        FakeWorker w1 = register(new FakeWorker("worker-1", 1, 1001));
        FakeWorker w2 = register(new FakeWorker("worker-2", 1, 1002));
        RecordingClient client = new RecordingClient();
        submit(TestGraphs.twoVertices(2, ShipStrategy.REBALANCE, 2), client);
        List<TaskDeploymentSpec> onW1 = w1.awaitDeployments(2);
        w2.awaitDeployments(2);
        return new TwoWorkerJob(w1, w2, client, onW1);
    }

    @Test
    void aLostWorkerFailsItsJobsNamingTheWorker() throws Exception {
        TwoWorkerJob job = runTwoWorkerJob();
        FakeWorker w1 = job.w1();
        FakeWorker w2 = job.w2();
        RecordingClient client = job.client();
        List<TaskDeploymentSpec> onW1 = job.onW1();

        master.workerLost(w2.registration.id(), "connection closed");
        w1.awaitCancellations(2).forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureOrNull().message()).isEqualTo("worker-2 (127.0.0.1, pid 42) was lost: connection closed");
        assertThat(result.failureSummary()).contains("worker-2 (127.0.0.1, pid 42) was lost: connection closed");
        assertThat(onW1).hasSize(2);
        assertThat(w2.released).isEmpty();
        assertThat(master.slotReport().get()).containsExactly(1, 1, 1);
    }

    @Test
    void aWorkersLossHeardAfterATasksBrokenConnectionToItIsTheJobsFailure() throws Exception {
        master.close();
        master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofMillis(300)).withCancelTimeout(Duration.ofSeconds(20)));
        TwoWorkerJob job = runTwoWorkerJob();
        FakeWorker w1 = job.w1();
        FakeWorker w2 = job.w2();
        RecordingClient client = job.client();
        List<TaskDeploymentSpec> onW1 = job.onW1();
        TaskId consumer = onW1.stream().filter(s -> !s.inputChannels().isEmpty()).findFirst().orElseThrow().task();

        // The consumer's connection to worker-2 breaks before the master's own connection reports the loss.
        master.taskStateChanged(TaskStateUpdate.failed(consumer, FailureInfo.of(new RemoteTransportException(
                "Connection to worker at 127.0.0.1:1002 closed unexpectedly: the remote worker may have been lost",
                new InetSocketAddress("127.0.0.1", 1002), null))));
        List<TaskId> cancelledOnW1 = w1.awaitCancellations(1);
        master.workerLost(w2.registration.id(), "connection closed");
        cancelledOnW1.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).contains("worker-2 (127.0.0.1, pid 42) was lost: connection closed");
        assertThat(result.failureOrNull().message()).isEqualTo("worker-2 (127.0.0.1, pid 42) was lost: connection closed");
    }

    @Test
    void cancellingARunningJobCancelsItsTasksAndEndsCanceled() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient client = new RecordingClient();
        JobId job = submit(TestGraphs.twoVertices(1, ShipStrategy.FORWARD, 1), client);
        worker.awaitDeployments(2);

        master.cancelJob(job).get(10, TimeUnit.SECONDS);
        worker.awaitCancellations(2).forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.CANCELED);
        assertThat(result.failureSummary()).isEqualTo("Job 'test job' was cancelled");
        assertThat(master.jobTermination(job).get(10, TimeUnit.SECONDS)).isEqualTo(JobStatus.CANCELED);
    }

    @Test
    void anAttachedClientTakesOverTheJobsUpdatesAndResultAndALaterOneGetsTheResultAtOnce() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 1, 1001));
        RecordingClient submitter = new RecordingClient();
        JobId job = submit(TestGraphs.twoVertices(1, ShipStrategy.FORWARD, 1), submitter);
        worker.awaitDeployments(2);

        RecordingClient follower = new RecordingClient();
        JobSummary summary = master.attachJob(job, follower).get(10, TimeUnit.SECONDS).orElseThrow();
        assertThat(summary.id()).isEqualTo(job);
        assertThat(summary.status()).isEqualTo(JobStatus.RUNNING);
        master.cancelJob(job).get(10, TimeUnit.SECONDS);
        worker.awaitCancellations(2).forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        assertThat(follower.awaitResult().status()).isEqualTo(JobStatus.CANCELED);
        assertThat(follower.progress).as("the attached client's updates").contains("CANCELLING, 0 of 2 tasks running; cancelled");
        assertThat(submitter.result).as("the previous client hears nothing more").isNotDone();

        RecordingClient late = new RecordingClient();
        assertThat(master.attachJob(job, late).get(10, TimeUnit.SECONDS)).hasValueSatisfying(s -> assertThat(s.status()).isEqualTo(JobStatus.CANCELED));
        assertThat(late.awaitResult().failureSummary()).as("an ended job reports its result at once").isEqualTo("Job 'test job' was cancelled");
    }

    @Test
    void attachingToAJobTheMasterDoesNotKnowAttachesNothing() throws Exception {
        assertThat(master.attachJob(JobId.generate(), new RecordingClient()).get(10, TimeUnit.SECONDS)).isEmpty();
    }

    @Test
    void aSecondWorkerWithTheSameIdIsRejected() throws Exception {
        register(new FakeWorker("worker-1", 1, 1001));
        FakeWorker twin = new FakeWorker("worker-1", 1, 1002);

        assertThat(master.registerWorker(twin.registration, twin)).failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .withMessageContaining("worker ids must be unique");
    }

    private FakeWorker register(FakeWorker worker) throws Exception {
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        return worker;
    }

    private JobId submit(JobGraph graph, RecordingClient client) throws Exception {
        return master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
    }

    /** A job of two vertices of two subtasks each (rebalanced), deployed on one worker of two slots. */
    private record TwoByTwo(FakeWorker worker, RecordingClient client, List<TaskDeploymentSpec> specs) {}

    private TwoByTwo deployTwoByTwo() throws Exception {
        FakeWorker worker = register(new FakeWorker("worker-1", 2, 1001));
        RecordingClient client = new RecordingClient();
        submit(TestGraphs.twoVertices(2, ShipStrategy.REBALANCE, 2), client);
        return new TwoByTwo(worker, client, worker.awaitDeployments(4));
    }

    private static TaskDeploymentSpec byTask(List<TaskDeploymentSpec> specs, int vertex, int subtask) {
        return specs.stream().filter(s -> s.task().vertex() == vertex && s.task().subtask() == subtask).findFirst()
                .orElseThrow(() -> new AssertionError("no deployment of v" + vertex + "#" + subtask + " in "
                        + specs.stream().map(TaskDeploymentSpec::task).sorted(Comparator.comparing(TaskId::toString)).toList()));
    }

    private static byte[] counter(String name, int value) {
        IntCounter c = new IntCounter();
        c.add(value);
        Map<String, Accumulator<?, ?>> map = Map.of(name, c);
        return AccumulatorBytes.serializeAccumulators(map, "test task");
    }
}
