package io.eddy.master.execution;

import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.master.FakeWorker;
import io.eddy.master.RegionTestGraphs;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.master.workers.WorkerRegistry;
import io.eddy.runtime.tasks.TaskExecutionState;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** How {@link TaskTracker} moves and cancels tasks and records them: {@code V0 -FORWARD-> V1}, parallelism 2 on workers A and B. */
class TaskTrackerTest {

    private final WorkerRegistry registry = new WorkerRegistry();
    private final FakeWorker fakeA = new FakeWorker("worker-a", 1, 1001);
    private final FakeWorker fakeB = new FakeWorker("worker-b", 1, 1002);
    private final RegisteredWorker a = registry.register(fakeA.registration, fakeA);
    private final RegisteredWorker b = registry.register(fakeB.registration, fakeB);
    private final ExecutionGraph graph = ExecutionGraph.build(RegionTestGraphs.graph(2, 2).edge(0, 1, FORWARD, PIPELINED).build(),
            registry.allocate(2), 0);
    private final TaskTracker tracker = new TaskTracker(Clock.fixed(Instant.ofEpochMilli(42), ZoneOffset.UTC));

    @Test
    void recordsDeploymentsAndStateChangesInOrderAndIgnoresChangesOfEndedTasks() {
        ExecutionVertex t = graph.subtask(0, 0);
        tracker.deploying(t);
        assertThat(tracker.transition(t, TaskExecutionState.RUNNING, null)).isTrue();
        assertThat(tracker.transition(t, TaskExecutionState.FINISHED, new byte[] {7})).isTrue();
        assertThat(tracker.transition(t, TaskExecutionState.FAILED, null)).as("ended").isFalse();

        assertThat(t.isDeployed()).isTrue();
        assertThat(t.accumulators()).containsExactly(7);
        assertThat(tracker.history()).extracting(TaskEvent::kind).containsExactly(TaskEvent.Kind.DEPLOYING, TaskEvent.Kind.RUNNING,
                TaskEvent.Kind.FINISHED);
        assertThat(tracker.history()).allSatisfy(e -> {
            assertThat(e.task()).isEqualTo(t.id());
            assertThat(e.timeMillis()).isEqualTo(42);
        });
    }

    @Test
    void cancellingEndsTasksNeverDeployedOrOfLostWorkersAtOnceAndAsksTheWorkerOtherwise() {
        ExecutionVertex notDeployed = graph.subtask(0, 0);
        ExecutionVertex onA = graph.subtask(1, 0);
        ExecutionVertex onB = graph.subtask(1, 1);
        tracker.deploying(onA);
        tracker.deploying(onB);
        registry.remove(b.id());

        tracker.cancel(notDeployed, true);
        tracker.cancel(onA, true);
        tracker.cancel(onB, true);

        assertThat(notDeployed.state()).isEqualTo(TaskExecutionState.CANCELED);
        assertThat(onB.state()).as("its worker is lost").isEqualTo(TaskExecutionState.FAILED);
        assertThat(onA.state()).as("until its worker reports").isEqualTo(TaskExecutionState.CREATED);
        assertThat(onA.isCancelRequested()).isTrue();
        assertThat(fakeA.cancelled).containsExactly(onA.id());
        assertThat(fakeB.cancelled).isEmpty();

        ExecutionVertex other = graph.subtask(0, 1);
        tracker.deploying(other);
        tracker.cancel(other, false);
        assertThat(other.isCancelRequested()).isFalse();
    }

    @Test
    void aLostWorkersDeployedTasksFail() {
        tracker.deploying(graph.subtask(0, 1));
        tracker.deploying(graph.subtask(1, 0));

        assertThat(tracker.failTasksOf(b, graph)).containsExactly(graph.subtask(0, 1));
        assertThat(graph.subtask(0, 1).state()).isEqualTo(TaskExecutionState.FAILED);
        assertThat(graph.subtask(1, 1).state()).as("never deployed").isEqualTo(TaskExecutionState.CREATED);
        assertThat(tracker.failTasksOf(b, graph)).as("ended already").isEmpty();
        assertThat(a).isSameAs(graph.laneWorker(0));
    }
}
