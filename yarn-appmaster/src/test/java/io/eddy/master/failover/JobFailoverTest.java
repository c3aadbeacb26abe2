package io.eddy.master.failover;

import static io.eddy.jobgraph.ExchangeMode.PIPELINED;
import static io.eddy.jobgraph.ShipStrategy.FORWARD;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.master.FakeWorker;
import io.eddy.master.RegionTestGraphs;
import io.eddy.master.concurrent.ManualJobTimers;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.master.execution.TaskTracker;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.master.workers.SlotAssignment;
import io.eddy.master.workers.WorkerRegistry;
import io.eddy.runtime.tasks.TaskExecutionState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A job's restart life cycle ({@link RestartPhase}) driven by hand: a {@link ManualJobTimers}
 * clock instead of the master's main thread, fake workers, and a recording {@link RestartActions}
 * in place of the job manager. The graph is {@code V0 -FORWARD/PIPELINED-> V1} of parallelism 2,
 * lane 0 on worker A and lane 1 on worker B: regions R0 = {V0#0, V1#0} and R1 = {V0#1, V1#1}.
 */
class JobFailoverTest {

    private static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration SLOT_WAIT = Duration.ofSeconds(30);

    private final ManualJobTimers timers = new ManualJobTimers();
    private final WorkerRegistry registry = new WorkerRegistry();
    private final FakeWorker fakeA = new FakeWorker("worker-a", 1, 1001);
    private final FakeWorker fakeB = new FakeWorker("worker-b", 1, 1002);
    private final RegisteredWorker a = registry.register(fakeA.registration, fakeA);
    private final RegisteredWorker b = registry.register(fakeB.registration, fakeB);
    private final ExecutionGraph graph = ExecutionGraph.build(RegionTestGraphs.graph(2, 2).edge(0, 1, FORWARD, PIPELINED).build(),
            registry.allocate(2), 0);
    private final TaskTracker tasks = new TaskTracker(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
    private final RecordingActions actions = new RecordingActions();
    private JobFailover failover;

    private JobFailover failover(RestartStrategy strategy) {
        failover = new JobFailover(strategy, graph, tasks, new FailoverSettings(timers, CANCEL_TIMEOUT, "master.cancel-timeout", SLOT_WAIT),
                actions);
        for (ExecutionVertex t : graph.tasks()) {
            tasks.deploying(t);
            tasks.transition(t, TaskExecutionState.RUNNING, null);
        }
        return failover;
    }

    @Test
    void aRestartCancelsTheRegionWaitsForItsTasksAndTheDelayThenStartsNewAttempts() {
        failover(RestartStrategy.fixedDelay(2, Duration.ofSeconds(1)));
        assertThat(lanesOf(graph.slots())).containsExactly(a, b);
        fail(task(1, 0), "boom");

        assertThat(failover.phase()).isEqualTo(RestartPhase.CANCELLING_TASKS);
        assertThat(failover.isRestartPending()).isTrue();
        assertThat(failover.restarts()).isEqualTo(1);
        assertThat(actions.decided).containsExactly("boom");
        assertThat(fakeA.cancelled).containsExactly(task(0, 0).id());
        assertThat(task(0, 0).isCancelRequested()).isTrue();
        assertThat(fakeB.cancelled).as("the other region keeps running").isEmpty();

        timers.advance(400);
        confirmCancelled(task(0, 0));
        assertThat(failover.phase()).as("the delay counts from the failure").isEqualTo(RestartPhase.WAITING_DELAY);
        timers.advance(599);
        assertThat(failover.phase()).isEqualTo(RestartPhase.WAITING_DELAY);
        timers.advance(1);
        assertThat(failover.phase()).isEqualTo(RestartPhase.RESTARTING);
        assertThat(actions.restarted).isZero();

        actions.finishPreparing();
        assertThat(failover.phase()).isEqualTo(RestartPhase.RUNNING);
        assertThat(actions.restoresPrepared).isEqualTo(1);
        assertThat(actions.restarted).isEqualTo(1);
        assertThat(actions.newAttempts).containsExactly("V0 (1/2)", "V1 (1/2)");
        assertThat(region(0).tasks()).allSatisfy(t -> {
            assertThat(t.id().attempt()).isEqualTo(1);
            assertThat(t.state()).isEqualTo(TaskExecutionState.CREATED);
        });
        assertThat(region(1).tasks()).allSatisfy(t -> assertThat(t.id().attempt()).isZero());
        assertThat(timers.activeTimers()).isZero();
    }

    @Test
    void tasksThatDoNotConfirmTheirCancellationFailTheJobAtTheCancelTimeout() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        fail(task(1, 0), "boom");

        timers.advance(CANCEL_TIMEOUT.toMillis() - 1);
        assertThat(actions.failure).isNull();
        timers.advance(1);

        assertThat(actions.failure.cause().message()).as("the root cause").isEqualTo("boom");
        assertThat(actions.failure.summary()).startsWith("boom; after 1 restart(s) the job failed again and was not restarted"
                + " (cancellation timed out): 1 task(s) did not confirm their cancellation within PT10S")
                .endsWith("(raise master.cancel-timeout if tasks take long to cancel)");
        assertThat(failover.phase()).isEqualTo(RestartPhase.STOPPED);
    }

    @Test
    void whenTheStrategyAllowsNoMoreRestartsTheFirstFailureIsTheRootCause() {
        failover(RestartStrategy.fixedDelay(1, Duration.ZERO));
        fail(task(1, 0), "first");
        confirmCancelled(task(0, 0));
        timers.advance(0);
        actions.finishPreparing();
        assertThat(failover.phase()).isEqualTo(RestartPhase.RUNNING);

        fail(task(1, 1), "second");

        assertThat(actions.failure.cause().message()).isEqualTo("first");
        assertThat(actions.failure.summary()).isEqualTo("first; after 1 restart(s) the job failed again and was not restarted (the"
                + " restart strategy fixed-delay (1 attempt(s), delay 0 ms) made all its 1 restart(s)): second");
        assertThat(failover.phase()).isEqualTo(RestartPhase.STOPPED);
    }

    @Test
    void aFailureWhileARestartIsPendingJoinsItWithoutBeingCounted() {
        failover(RestartStrategy.fixedDelay(1, Duration.ZERO));
        fail(task(1, 0), "first");
        fail(task(1, 1), "second");

        assertThat(failover.restarts()).isEqualTo(1);
        assertThat(actions.failure).isNull();
        assertThat(fakeB.cancelled).containsExactly(task(0, 1).id());
        confirmCancelled(task(0, 0));
        assertThat(failover.phase()).as("R1 has not ended yet").isEqualTo(RestartPhase.CANCELLING_TASKS);
        confirmCancelled(task(0, 1));
        timers.advance(0);
        actions.finishPreparing();

        assertThat(graph.tasks()).allSatisfy(t -> assertThat(t.id().attempt()).isEqualTo(1));
        assertThat(failover.phase()).isEqualTo(RestartPhase.RUNNING);
    }

    @Test
    void aFailureWhileWorkersArePreparedSendsTheRestartBackToCancelling() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        fail(task(1, 0), "first");
        confirmCancelled(task(0, 0));
        timers.advance(0);
        assertThat(failover.phase()).isEqualTo(RestartPhase.RESTARTING);

        fail(task(1, 1), "second");
        actions.finishPreparing();

        assertThat(failover.phase()).isEqualTo(RestartPhase.CANCELLING_TASKS);
        assertThat(failover.restarts()).isEqualTo(1);
        confirmCancelled(task(0, 1));
        assertThat(failover.phase()).isEqualTo(RestartPhase.WAITING_DELAY);
        timers.advance(0);
        actions.finishPreparing();
        assertThat(failover.phase()).isEqualTo(RestartPhase.RUNNING);
        assertThat(graph.tasks()).allSatisfy(t -> assertThat(t.id().attempt()).isEqualTo(1));
    }

    @Test
    void lanesOfALostWorkerWaitForFreeSlotsAndMoveThere() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        loseWorkerB();
        timers.advance(0);
        assertThat(failover.phase()).isEqualTo(RestartPhase.WAITING_FOR_SLOTS);
        failover.onSlotsAvailable();
        assertThat(failover.phase()).as("no slot is free yet").isEqualTo(RestartPhase.WAITING_FOR_SLOTS);

        FakeWorker fakeC = new FakeWorker("worker-c", 1, 1003);
        RegisteredWorker c = registry.register(fakeC.registration, fakeC);
        failover.onSlotsAvailable();
        assertThat(failover.phase()).isEqualTo(RestartPhase.RESTARTING);
        actions.finishPreparing();

        assertThat(failover.phase()).isEqualTo(RestartPhase.RUNNING);
        assertThat(lanesOf(graph.slots())).containsExactly(a, c);
        assertThat(region(1).tasks()).allSatisfy(t -> assertThat(t.worker()).isSameAs(c));
        assertThat(timers.activeTimers()).isZero();
    }

    @Test
    void lanesOfALostWorkerThatFindNoSlotsFailTheJobAtTheSlotWaitTimeout() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        loseWorkerB();
        timers.advance(SLOT_WAIT.toMillis());

        assertThat(actions.failure.summary()).isEqualTo("worker-b lost; after 1 restart(s) the job failed again and was not"
                + " restarted (no free slots): Lanes of lost workers could not be replaced: 1 slot(s) short");
        assertThat(failover.phase()).isEqualTo(RestartPhase.STOPPED);
    }

    @Test
    void aVetoedRestartFailsTheJob() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        actions.veto = "the collect sink 'V1 (1/2)' sent records";
        fail(task(1, 0), "boom");

        assertThat(actions.failure.summary()).isEqualTo("boom (not restarted: the collect sink 'V1 (1/2)' sent records)");
        assertThat(actions.decided).isEmpty();
        assertThat(fakeA.cancelled).as("the job manager cancels the tasks as the job fails").isEmpty();
    }

    @Test
    void stateThatCannotBeRestoredFailsTheJob() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        actions.restoreFailure = new IllegalStateException("checkpoint 7 is unreadable");
        fail(task(1, 0), "boom");
        confirmCancelled(task(0, 0));
        timers.advance(0);
        actions.finishPreparing();

        assertThat(actions.failure.summary()).startsWith("boom; after 1 restart(s) the job failed again and was not restarted"
                + " (its state cannot be restored): checkpoint 7 is unreadable");
        assertThat(failover.phase()).isEqualTo(RestartPhase.STOPPED);
        assertThat(task(1, 0).id().attempt()).as("no new attempt").isZero();
    }

    @Test
    void aStoppedFailoverDropsItsRestartAndHearsOfNoFailure() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        fail(task(1, 0), "boom");
        failover.stop();
        failover.stop();

        assertThat(failover.phase()).isEqualTo(RestartPhase.STOPPED);
        assertThat(failover.isRestartPending()).isFalse();
        assertThat(timers.activeTimers()).isZero();
        confirmCancelled(task(0, 0));
        assertThat(failover.phase()).isEqualTo(RestartPhase.STOPPED);
        assertThatThrownBy(() -> fail(task(1, 1), "late")).isInstanceOf(IllegalStateException.class).hasMessageStartingWith("Bug:");
    }

    @Test
    void aFailureThatNeedsNoRestartLeavesTheJobRunning() {
        failover(RestartStrategy.fixedDelay(2, Duration.ZERO));
        for (ExecutionVertex t : region(1).tasks()) {
            tasks.transition(t, TaskExecutionState.FINISHED, null);
        }
        registry.remove(b.id());

        failover.onFailure(List.of(), JobFailure.of(new IllegalStateException("lost"), "worker-b lost"), false);

        assertThat(failover.phase()).isEqualTo(RestartPhase.RUNNING);
        assertThat(failover.restarts()).isZero();
    }

    private void fail(ExecutionVertex task, String message) {
        tasks.transition(task, TaskExecutionState.FAILED, null);
        failover.onFailure(List.of(task), JobFailure.of(new IllegalStateException(message), message), false);
    }

    private void loseWorkerB() {
        registry.remove(b.id());
        List<ExecutionVertex> failed = new ArrayList<>();
        for (ExecutionVertex t : region(1).tasks()) {
            tasks.transition(t, TaskExecutionState.FAILED, null);
            failed.add(t);
        }
        failover.onFailure(failed, JobFailure.of(new IllegalStateException("lost"), "worker-b lost"), graph.laneHasWorkLeft(b));
        assertThat(failover.phase()).as("R1's tasks have all ended").isEqualTo(RestartPhase.WAITING_DELAY);
    }

    private void confirmCancelled(ExecutionVertex task) {
        tasks.transition(task, TaskExecutionState.CANCELED, null);
        failover.checkRestartReady();
    }

    private ExecutionVertex task(int vertex, int subtask) {
        return graph.subtask(vertex, subtask);
    }

    private PipelinedRegion region(int index) {
        return graph.regions().get(index);
    }

    private static List<RegisteredWorker> lanesOf(SlotAssignment slots) {
        List<RegisteredWorker> lanes = new ArrayList<>();
        for (int i = 0; i < slots.numberOfLanes(); i++) {
            lanes.add(slots.workerOf(i));
        }
        return lanes;
    }

    /** The job manager's part, recorded; lanes move as the scheduler moves them. */
    private final class RecordingActions implements RestartActions {
        final List<String> decided = new ArrayList<>();
        final List<String> newAttempts = new ArrayList<>();
        String veto;
        RuntimeException restoreFailure;
        JobFailure failure;
        int restoresPrepared;
        int restarted;
        private Runnable preparing;

        @Override
        public Set<PipelinedRegion> regionsToRestart(Set<PipelinedRegion> regions) {
            return regions;
        }

        @Override
        public String restartVetoOrNull(Set<PipelinedRegion> regions) {
            return veto;
        }

        @Override
        public void restartDecided(String causeSummary) {
            decided.add(causeSummary);
        }

        @Override
        public boolean moveLostLanes() {
            List<Integer> lost = graph.lostLanes();
            if (lost.isEmpty()) {
                return true;
            }
            SlotAssignment replacement = registry.allocate(lost.size());
            if (replacement == null) {
                return false;
            }
            graph.moveLanes(graph.slots().withLanesReplaced(lost, replacement));
            return true;
        }

        @Override
        public int freeSlots() {
            return registry.freeSlots();
        }

        @Override
        public String describeShortage(int slots) {
            return slots + " slot(s) short";
        }

        @Override
        public void prepareNewWorkers(Runnable then) {
            assertThat(preparing).as("one preparation at a time").isNull();
            preparing = then;
        }

        /** The workers new to the job have prepared it. */
        void finishPreparing() {
            Runnable then = preparing;
            assertThat(then).as("a preparation is under way").isNotNull();
            preparing = null;
            then.run();
        }

        @Override
        public void prepareRestore() {
            restoresPrepared++;
            if (restoreFailure != null) {
                throw restoreFailure;
            }
        }

        @Override
        public void beforeNewAttempt(ExecutionVertex task) {
            newAttempts.add(task.taskName());
        }

        @Override
        public void restarted() {
            restarted++;
        }

        @Override
        public void fail(JobFailure cause) {
            failure = cause;
            failover.stop();
        }
    }
}
