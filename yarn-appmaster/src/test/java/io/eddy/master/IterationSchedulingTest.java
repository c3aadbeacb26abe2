package io.eddy.master;

import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.aggregators.AggregatorRegistry;
import io.eddy.api.common.aggregators.LongSumAggregator;
import io.eddy.jobgraph.IterationSpec;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.master.iteration.JobIterations;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.JobResultInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.iteration.SuperstepDecision;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.util.InstantiationUtil;
import java.io.Serializable;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A loop in the master, driven with fake workers (no tasks, no sockets): the loop's tasks are one
 * region deployed together with one attempt, the feedback edge gets no partition and no channel, the
 * superstep reports reach the coordinator and its decisions the heads' workers, a restart (also one
 * that moves a lane) starts the loop over with a new attempt, and an impossible report fails the job.
 *
 * <p>The job: V0 -HASH/BLOCKING-> V1 (head) -FORWARD/PIPELINED-> V2 (tail), feedback V2 -> V1, and
 * V1 -FORWARD/BLOCKING-> V3 (the loop's result); parallelism 2; the loop {V1, V2} runs at most two
 * supersteps and sums the aggregator "count". Workers a and b have two slots each, so lane 0 runs on
 * a and lane 1 on b.
 */
class IterationSchedulingTest {

    private static final Map<String, String> RESTARTS = Map.of("restart-strategy", "fixed-delay",
            "restart-strategy.fixed-delay.attempts", "2", "restart-strategy.fixed-delay.delay", "0ms");

    private final Master master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofSeconds(5))
            .withCancelTimeout(Duration.ofSeconds(5)));
    private final FakeWorker a = new FakeWorker("worker-a", 2, 1001);
    private final FakeWorker b = new FakeWorker("worker-b", 2, 1002);
    private final RecordingClient client = new RecordingClient();
    private JobId job;

    @AfterEach
    void stop() {
        master.close();
    }

    @Test
    void theLoopIsOneRegionWithoutAChannelForItsFeedbackAndItsHeadsHearEachDecision() throws Exception {
        start(Map.of());
        List<TaskDeploymentSpec> onA = a.awaitDeployments(2);
        List<TaskDeploymentSpec> onB = b.awaitDeployments(2);

        assertThat(onA).extracting(s -> s.task().toString()).containsExactlyInAnyOrder("v1#0.0", "v2#0.0");
        assertThat(onB).extracting(s -> s.task().toString()).as("head and tail of lane 1 share its worker")
                .containsExactlyInAnyOrder("v1#1.0", "v2#1.0");
        TaskDeploymentSpec head = spec(onA, 1);
        TaskDeploymentSpec tail = spec(onA, 2);
        assertThat(head.inputChannels()).as("one gate: V0's records; none for the feedback").hasSize(1);
        assertThat(head.outputPartitions()).as("to the tail and to V3").hasSize(2);
        assertThat(tail.outputPartitions()).as("the feedback edge has no partition").isEmpty();
        assertThat(tail.inputChannels()).hasSize(1);

        SuperstepDecision first = reportAll(1, 0, 3L);
        assertThat(first.terminate()).isFalse();
        assertThat(combined(first)).containsEntry("count", 12L);
        SuperstepDecision second = reportAll(2, 0, 1L);
        assertThat(second.terminate()).isTrue();
        assertThat(second.reason()).isEqualTo("the maximum of 2 supersteps is reached");

        finish(onA, onB);
        finish(a.awaitDeployments(1));
        finish(b.awaitDeployments(1));
        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FINISHED);
        Map<String, Serializable> accumulators = AccumulatorBytes.deserializeValues(result.accumulators(), getClass().getClassLoader(), "result");
        assertThat(accumulators.get(JobIterations.superstepMillisAccumulator("loop"))).asList().hasSize(2);
    }

    @Test
    void aFailedLoopTaskRestartsTheWholeLoopWithOneNewAttemptAndTheLoopStartsOver() throws Exception {
        start(RESTARTS);
        List<TaskDeploymentSpec> onA = a.awaitDeployments(2);
        List<TaskDeploymentSpec> onB = b.awaitDeployments(2);
        reportAll(1, 0, 1L);
        master.superstepDone(task(1, 0, 0), 2, null);

        master.taskStateChanged(TaskStateUpdate.failed(task(2, 1, 0), FailureInfo.of(new IllegalStateException("tail fails"))));
        assertThat(a.awaitCancellations(2)).extracting(TaskId::toString).containsExactlyInAnyOrder("v1#0.0", "v2#0.0");
        assertThat(b.awaitCancellations(1)).extracting(TaskId::toString).containsExactly("v1#1.0");
        master.superstepDone(task(1, 1, 0), 2, null); // under way while the loop is cancelled: does not count
        for (TaskId t : List.of(task(1, 0, 0), task(2, 0, 0), task(1, 1, 0))) {
            master.taskStateChanged(TaskStateUpdate.canceled(t));
        }

        List<TaskDeploymentSpec> againOnA = a.awaitDeployments(2);
        List<TaskDeploymentSpec> againOnB = b.awaitDeployments(2);
        assertThat(againOnA).extracting(s -> s.task().toString()).containsExactlyInAnyOrder("v1#0.1", "v2#0.1");
        assertThat(againOnB).extracting(s -> s.task().toString()).containsExactlyInAnyOrder("v1#1.1", "v2#1.1");
        master.superstepDone(task(2, 0, 0), 2, null); // the old attempt again: ignored
        SuperstepDecision first = reportAll(1, 1, 2L);
        assertThat(first.superstep()).as("the restarted loop starts at superstep 1").isEqualTo(1);
        assertThat(combined(first)).containsEntry("count", 8L);
        settle();
        assertThat(a.decisions).isEmpty();
        assertThat(client.result).isNotDone();
        cancelAndConfirm(attempts(1));
    }

    @Test
    void whenALaneMovesToAnotherWorkerItsHeadAndTailMoveTogether() throws Exception {
        start(RESTARTS);
        a.awaitDeployments(2);
        b.awaitDeployments(2);
        reportAll(1, 0, 1L);

        master.workerLost(b.registration.id(), "connection closed");
        List<TaskId> cancelled = a.awaitCancellations(2);
        assertThat(cancelled).extracting(TaskId::toString).containsExactlyInAnyOrder("v1#0.0", "v2#0.0");
        cancelled.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));

        // V0#1's result was lost with worker b: it runs again first, in lane 1, now on worker a.
        TaskDeploymentSpec producer = a.awaitDeployments(1).get(0);
        assertThat(producer.task().toString()).isEqualTo("v0#1.1");
        finish(List.of(producer));
        List<TaskDeploymentSpec> loop = a.awaitDeployments(4);
        assertThat(loop).extracting(s -> s.task().toString()).containsExactlyInAnyOrder("v1#0.1", "v2#0.1", "v1#1.1", "v2#1.1");

        for (int v = 1; v <= 2; v++) {
            for (int s = 0; s < 2; s++) {
                master.superstepDone(task(v, s, 1), 1, null);
            }
        }
        assertThat(a.awaitDecisions(2)).extracting(d -> d.head().toString()).containsExactlyInAnyOrder("v1#0.1", "v1#1.1");
        assertThat(b.decisions).as("the lost worker hears nothing").isEmpty();
        cancelAndConfirm(attempts(1));
    }

    @Test
    void aReportTheLoopCannotHaveFailsTheJob() throws Exception {
        start(Map.of());
        a.awaitDeployments(2);
        b.awaitDeployments(2);

        master.superstepDone(task(2, 1, 0), 1, null);
        master.superstepDone(task(2, 1, 0), 1, null);

        assertThat(a.awaitCancellations(2)).hasSize(2);
        assertThat(b.awaitCancellations(2)).hasSize(2);
        for (int v = 1; v <= 2; v++) {
            for (int s = 0; s < 2; s++) {
                master.taskStateChanged(TaskStateUpdate.canceled(task(v, s, 0)));
            }
        }
        JobResultInfo result = client.awaitResult();
        assertThat(result.status()).isEqualTo(JobStatus.FAILED);
        assertThat(result.failureSummary()).startsWith("Iteration 'loop' failed after task 'V2 (2/2)' finished superstep 1: Bug:")
                .contains("twice");
    }

    // ---- helpers

    /** Submits the job and finishes V0 (one subtask on each worker), so the loop's region is deployed next. */
    private void start(Map<String, String> settings) throws Exception {
        master.registerWorker(a.registration, a).get(10, TimeUnit.SECONDS);
        master.registerWorker(b.registration, b).get(10, TimeUnit.SECONDS);
        AggregatorRegistry registry = new AggregatorRegistry();
        registry.register("count", new LongSumAggregator());
        IterationSpec spec = new IterationSpec("loop", IterationSpec.Kind.BULK, new JobVertexId(1), 2,
                InstantiationUtil.serialize(registry, "registry"), false);
        JobGraph graph = RegionTestGraphs.graph(2, 2, 2, 2).edge(0, 1, HASH, BLOCKING).edge(1, 2, FORWARD, PIPELINED)
                .feedback(2, 1, PIPELINED).edge(1, 3, FORWARD, BLOCKING).iteration(spec, 1, 2).settings(settings).build();
        job = master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), client).get(10, TimeUnit.SECONDS);
        finish(a.awaitDeployments(1));
        finish(b.awaitDeployments(1));
    }

    /** Every loop task of {@code attempt} reports {@code superstep} with "count" = {@code count}; returns lane 0's decision. */
    private SuperstepDecision reportAll(int superstep, int attempt, long count) throws Exception {
        for (int v = 1; v <= 2; v++) {
            for (int s = 0; s < 2; s++) {
                master.superstepDone(task(v, s, attempt), superstep, InstantiationUtil.serialize(new HashMap<>(Map.of("count", count)), "count"));
            }
        }
        FakeWorker.Decision onA = a.awaitDecisions(1).get(0);
        FakeWorker.Decision onB = b.awaitDecisions(1).get(0);
        assertThat(onA.head()).isEqualTo(task(1, 0, attempt));
        assertThat(onB.head()).isEqualTo(task(1, 1, attempt));
        assertThat(onB.decision()).isEqualTo(onA.decision());
        return onA.decision();
    }

    /** The loop's tasks of {@code attempt}. */
    private List<TaskId> attempts(int attempt) {
        return List.of(task(1, 0, attempt), task(1, 1, attempt), task(2, 0, attempt), task(2, 1, attempt));
    }

    /** Cancels the job, plays the cancelled {@code running} tasks' part, and checks that the job ended CANCELED. */
    private void cancelAndConfirm(List<TaskId> running) throws Exception {
        master.cancelJob(job).get(10, TimeUnit.SECONDS);
        running.forEach(t -> master.taskStateChanged(TaskStateUpdate.canceled(t)));
        assertThat(client.awaitResult().status()).isEqualTo(JobStatus.CANCELED);
    }

    private TaskId task(int vertex, int subtask, int attempt) {
        return new TaskId(job, vertex, subtask, attempt);
    }

    @SafeVarargs
    private void finish(List<TaskDeploymentSpec>... deployments) {
        for (List<TaskDeploymentSpec> specs : deployments) {
            for (TaskDeploymentSpec s : specs) {
                master.taskStateChanged(TaskStateUpdate.running(s.task()));
                master.taskStateChanged(TaskStateUpdate.finished(s.task(), null));
            }
        }
    }

    private static TaskDeploymentSpec spec(List<TaskDeploymentSpec> specs, int vertex) {
        return specs.stream().filter(s -> s.task().vertex() == vertex).findFirst().orElseThrow();
    }

    private Map<String, Serializable> combined(SuperstepDecision d) {
        return InstantiationUtil.deserialize(d.aggregatesBytes(), getClass().getClassLoader(), "combined");
    }

    /** Waits until the master's main thread has handled everything sent before. */
    private void settle() throws Exception {
        master.slotReport().get(10, TimeUnit.SECONDS);
        master.slotReport().get(10, TimeUnit.SECONDS);
    }
}
