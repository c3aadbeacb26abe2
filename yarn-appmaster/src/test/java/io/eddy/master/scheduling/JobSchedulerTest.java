package io.eddy.master.scheduling;

import static io.eddy.jobgraph.ExchangeMode.BLOCKING;
import static io.eddy.jobgraph.ShipStrategy.HASH;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.jobgraph.JobGraph;
import io.eddy.master.FakeWorker;
import io.eddy.master.RegionTestGraphs;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.TaskTracker;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.master.workers.WorkerRegistry;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.tasks.TaskExecutionState;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link JobScheduler} on a single-threaded executor standing in for the master's main thread
 * (every call goes through {@link #onMain}), with fake workers and a recording {@link
 * SchedulingActions}. The job is {@code V0 -HASH/BLOCKING-> V1} of parallelism 2.
 */
class JobSchedulerTest {

    private final ScheduledExecutorService main = Executors.newSingleThreadScheduledExecutor();
    private final WorkerRegistry registry = new WorkerRegistry();
    private final JobGraph graph = RegionTestGraphs.graph(2, 2).edge(0, 1, HASH, BLOCKING).build();
    private final TaskTracker tasks = new TaskTracker(Clock.systemUTC());
    private final RecordingActions actions = new RecordingActions();
    private final JobScheduler scheduler = new JobScheduler(graph, new JobArtifacts(graph.jobId(), new byte[0], List.of()),
            new JobScheduler.Services(main, registry, Duration.ofMillis(50)), tasks, actions);

    @AfterEach
    void stop() {
        main.shutdownNow();
    }

    @Test
    void aJobWhoseSlotsNeverComeFailsAtOnce() throws Exception {
        actions.never = Optional.of("the cluster has 1 slot");
        assertThat(onMain(scheduler::tryAllocateSlots)).isNull();
        onMain(() -> {
            scheduler.awaitSlots();
            return null;
        });
        assertThat(actions.slotWaitFailure.get(5, TimeUnit.SECONDS)).isEqualTo("the cluster has 1 slot");
    }

    @Test
    void aJobWaitingForSlotsFailsAtTheSlotWaitTimeout() throws Exception {
        register("worker-a", 1001, 1);
        assertThat(onMain(scheduler::tryAllocateSlots)).isNull();
        assertThat(registry.freeSlots()).as("nothing taken").isEqualTo(1);
        onMain(() -> {
            scheduler.awaitSlots();
            return null;
        });
        assertThat(actions.slotWaitFailure.get(5, TimeUnit.SECONDS)).isEqualTo("short of 2 slot(s)");
    }

    @Test
    void regionsDeployOnceTheWorkersPreparedAndTheirBlockingInputsFinished() throws Exception {
        FakeWorker a = register("worker-a", 1001, 1);
        FakeWorker b = register("worker-b", 1002, 1);
        ExecutionGraph eg = onMain(scheduler::tryAllocateSlots);
        assertThat(registry.freeSlots()).isZero();

        CompletableFuture<Void> prepared = new CompletableFuture<>();
        onMain(() -> {
            scheduler.prepareWorkers(() -> prepared.complete(null));
            return null;
        });
        prepared.get(5, TimeUnit.SECONDS);
        assertThat(a.prepared).containsExactly(graph.jobId());
        assertThat(b.prepared).containsExactly(graph.jobId());

        onMain(() -> {
            scheduler.deployReadyRegions();
            return null;
        });
        assertThat(a.awaitDeployments(1)).extracting(s -> s.task().toString()).containsExactly("v0#0.0");
        assertThat(b.awaitDeployments(1)).extracting(s -> s.task().toString()).containsExactly("v0#1.0");
        assertThat(actions.restored).hasSize(2);

        onMain(() -> {
            tasks.transition(eg.subtask(0, 0), TaskExecutionState.FINISHED, null);
            tasks.transition(eg.subtask(0, 1), TaskExecutionState.FINISHED, null);
            scheduler.deployReadyRegions();
            return null;
        });
        assertThat(a.awaitDeployments(1)).extracting(s -> s.task().toString()).containsExactly("v1#0.0");
        assertThat(b.awaitDeployments(1)).extracting(s -> s.task().toString()).containsExactly("v1#1.0");
    }

    @Test
    void lanesOfALostWorkerMoveToFreeSlotsAndTheEndReleasesEverything() throws Exception {
        FakeWorker a = register("worker-a", 1001, 1);
        FakeWorker b = register("worker-b", 1002, 1);
        ExecutionGraph eg = onMain(scheduler::tryAllocateSlots);
        onMain(() -> registry.remove(b.registration.id()));

        assertThat(onMain(scheduler::moveLostLanes)).as("no free slot").isFalse();
        FakeWorker c = register("worker-c", 1003, 1);
        assertThat(onMain(scheduler::moveLostLanes)).isTrue();
        assertThat(eg.laneWorker(1).id()).isEqualTo(c.registration.id());
        assertThat(eg.lostLanes()).isEmpty();

        CompletableFuture<Void> prepared = new CompletableFuture<>();
        onMain(() -> {
            scheduler.prepareWorkers(() -> prepared.complete(null));
            return null;
        });
        prepared.get(5, TimeUnit.SECONDS);
        assertThat(c.prepared).as("only the new worker prepares").containsExactly(graph.jobId());
        assertThat(b.prepared).isEmpty();

        onMain(() -> {
            scheduler.release();
            return null;
        });
        assertThat(registry.freeSlots()).isEqualTo(2);
        assertThat(a.released).containsExactly(graph.jobId());
        assertThat(c.released).containsExactly(graph.jobId());
        assertThat(b.released).as("lost").isEmpty();
    }

    private FakeWorker register(String id, int port, int slots) throws Exception {
        FakeWorker fake = new FakeWorker(id, slots, port);
        onMain(() -> registry.register(fake.registration, fake));
        return fake;
    }

    private <T> T onMain(Callable<T> action) throws Exception {
        return main.submit(action).get(5, TimeUnit.SECONDS);
    }

    /** The job manager's part, recorded. */
    private static final class RecordingActions implements SchedulingActions {
        Optional<String> never = Optional.empty();
        final CompletableFuture<String> slotWaitFailure = new CompletableFuture<>();
        final List<TaskDeploymentSpec> restored = new CopyOnWriteArrayList<>();

        @Override
        public Optional<String> demandSlots() {
            return never;
        }

        @Override
        public String describeShortage(int slots) {
            return "short of " + slots + " slot(s)";
        }

        @Override
        public void slotWaitFailed(String message) {
            slotWaitFailure.complete(message);
        }

        @Override
        public TaskDeploymentSpec withRestore(TaskDeploymentSpec spec) {
            restored.add(spec);
            return spec;
        }

        @Override
        public void prepareFailed(RegisteredWorker worker, Throwable cause) {
            throw new AssertionError("prepare failed on " + worker, cause);
        }

        @Override
        public void deployFailed(ExecutionVertex task, FailureInfo cause) {
            throw new AssertionError("deploy failed: " + task + ": " + cause);
        }
    }
}
