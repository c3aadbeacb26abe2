package io.eddy.master.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorOutput;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.master.checkpoint.CheckpointParticipants.Participant;
import io.eddy.master.checkpoint.CheckpointParticipants.Participants;
import io.eddy.master.concurrent.ManualJobTimers;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.tasks.TaskId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The coordinator's rules, driven with a manual clock, recording workers and in-memory storage. */
class CheckpointCoordinatorTest {

    private static final long INTERVAL = 100;

    private final ManualJobTimers scheduler = new ManualJobTimers();
    private final RecordingWorkerGateway worker = new RecordingWorkerGateway();
    private final InMemoryCoordinatorStorage storage = new InMemoryCoordinatorStorage();
    private final List<String> jobActions = new ArrayList<>();
    private JobGraph graph;
    /** The current attempt of every task: s0, s1 (sources), m0, m1. */
    private final List<TaskId> tasks = new ArrayList<>();
    private String notReady;
    /** Whether the tasks of vertex 1 head a streaming loop (they then get triggers too). */
    private boolean loopHeads;

    @BeforeEach
    void setUp() {
        JobVertex source = new JobVertex(new JobVertexId(0), "Source", 2, 128,
                List.of(new OperatorSpec("src", "Source", "source", new byte[] {0}, List.of(OperatorOutput.network(0)))));
        JobVertex map = new JobVertex(new JobVertexId(1), "Counter", 2, 128,
                List.of(new OperatorSpec("count", "Counter", "map", new byte[] {0}, List.of())));
        JobEdge edge = new JobEdge(source.id(), 0, map.id(), 0, 0, ShipStrategy.HASH, ExchangeMode.PIPELINED, new byte[] {0}, new byte[] {0});
        graph = new JobGraph(JobId.generate(), "cp test", List.of(source, map), List.of(edge), 100, new byte[] {0}, Map.of());
        startAttempt(0);
    }

    private void startAttempt(int attempt) {
        tasks.clear();
        for (int v = 0; v < 2; v++) {
            for (int s = 0; s < 2; s++) {
                tasks.add(new TaskId(graph.jobId(), v, s, attempt));
            }
        }
    }

    private CheckpointCoordinator coordinator(int maxConcurrent, long minPause, int retained, int tolerable) {
        CheckpointCoordinatorConfig config = new CheckpointCoordinatorConfig(Duration.ofMillis(INTERVAL), true, Duration.ofMillis(1000),
                Duration.ofMillis(minPause), maxConcurrent, retained, tolerable);
        CheckpointParticipants participants = () -> notReady != null ? Participants.notReady(notReady)
                : Participants.ready(tasks.stream().map(t -> new Participant(t, worker, t.vertex() == 0, loopHeads && t.vertex() == 1)).toList());
        CheckpointJobActions actions = new CheckpointJobActions() {
            @Override
            public void failJob(Throwable cause, String summary) {
                jobActions.add("fail: " + summary);
            }

            @Override
            public void cancelJob() {
                jobActions.add("cancel");
            }
        };
        CheckpointCoordinator c = new CheckpointCoordinator(graph, config, new CheckpointCoordinator.Services(participants, storage, scheduler, actions));
        c.startPeriodicCheckpoints();
        return c;
    }

    private static TaskStateSnapshot state(String uid, int bytes) {
        OperatorSubtaskState s = new OperatorSubtaskState(
                List.of(new KeyGroupsStateHandle(new KeyGroupRange(0, 63), new long[64], new ByteStreamStateHandle("k", new byte[bytes]))), List.of());
        return new TaskStateSnapshot(Map.of(uid, s));
    }

    private void acknowledgeAll(CheckpointCoordinator c, long id) {
        for (TaskId t : tasks) {
            c.receiveAcknowledge(t, id, new CheckpointMetrics(0, 1, 1, 10), state(t.vertex() == 0 ? "src" : "count", 10 + t.subtask()));
        }
    }

    @Test
    void triggersOnlySourcesAfterTheIntervalAndCompletesWhenAllTasksAcknowledged() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        scheduler.advance(INTERVAL - 1);
        assertThat(worker.calls).isEmpty();
        scheduler.advance(1);
        assertThat(worker.calls).containsExactly("trigger " + tasks.get(0) + " 1 CHECKPOINT", "trigger " + tasks.get(1) + " 1 CHECKPOINT");
        assertThat(worker.triggerOptions.get(0).targetLocation()).isEqualTo("mem:/chk-1");

        for (int i = 0; i < 3; i++) {
            c.receiveAcknowledge(tasks.get(i), 1, null, state(i < 2 ? "src" : "count", 5));
        }
        assertThat(c.pendingCheckpointIds()).containsExactly(1L);
        assertThat(worker.callsStartingWith("complete")).isEmpty();
        c.receiveAcknowledge(tasks.get(3), 1, null, state("count", 5));

        assertThat(c.pendingCheckpointIds()).isEmpty();
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(1L);
        assertThat(worker.callsStartingWith("complete")).hasSize(4);
        CheckpointMetadata metadata = storage.written.get("mem:/chk-1");
        assertThat(metadata.operators()).containsOnlyKeys("src", "count");
        assertThat(metadata.operators().get("count").subtaskStates()).containsOnlyKeys(0, 1);
        assertThat(metadata.operators().get("count").maxParallelism()).isEqualTo(128);
        assertThat(metadata.operators().get("src").name()).isEqualTo("Source");
    }

    @Test
    void streamingLoopHeadsGetTheTriggerTooButNoCheckpointStartsWithoutARunningSource() {
        loopHeads = true;
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        scheduler.advance(INTERVAL);
        assertThat(worker.callsStartingWith("trigger")).containsExactly("trigger " + tasks.get(0) + " 1 CHECKPOINT",
                "trigger " + tasks.get(1) + " 1 CHECKPOINT", "trigger " + tasks.get(2) + " 1 CHECKPOINT", "trigger " + tasks.get(3) + " 1 CHECKPOINT");
        acknowledgeAll(c, 1);
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(1L);

        // The sources finished: the loop heads alone do not start checkpoints.
        tasks.remove(1);
        tasks.remove(0);
        worker.calls.clear();
        scheduler.advance(INTERVAL * 3);
        assertThat(worker.callsStartingWith("trigger")).isEmpty();
    }

    @Test
    void noTriggerWhileASourceIsNotRunning() {
        notReady = "source task v0#1.0 is DEPLOYING";
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        scheduler.advance(INTERVAL * 3);
        assertThat(worker.calls).isEmpty();
        notReady = null;
        scheduler.advance(INTERVAL);
        assertThat(worker.callsStartingWith("trigger")).hasSize(2);
        assertThat(c.pendingCheckpointIds()).containsExactly(1L);
    }

    @Test
    void maxConcurrentLimitsPendingCheckpointsAndADeferredTriggerRunsWhenOneCompletes() {
        CheckpointCoordinator c = coordinator(2, 0, 5, 0);
        scheduler.advance(INTERVAL * 5);
        assertThat(c.pendingCheckpointIds()).containsExactly(1L, 2L);
        acknowledgeAll(c, 2);
        // 2 completed, subsuming 1; the deferred trigger runs at once
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(2L);
        assertThat(worker.callsStartingWith("aborted")).hasSize(4);
        scheduler.advance(0);
        assertThat(c.pendingCheckpointIds()).containsExactly(3L);
    }

    @Test
    void minPauseSeparatesACompletionFromTheNextTrigger() {
        CheckpointCoordinator c = coordinator(1, 250, 5, 0);
        scheduler.advance(INTERVAL);
        scheduler.advance(INTERVAL - 10);
        acknowledgeAll(c, 1);
        long completedAt = scheduler.now();
        scheduler.advance(249);
        assertThat(c.pendingCheckpointIds()).isEmpty();
        scheduler.advance(1);
        assertThat(c.pendingCheckpointIds()).containsExactly(2L);
        assertThat(scheduler.now() - completedAt).isEqualTo(250);
    }

    @Test
    void timeoutAbortsAndDeletesTheLocationAndToleratedFailuresDoNotFailTheJob() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 1);
        scheduler.advance(INTERVAL);
        c.receiveAcknowledge(tasks.get(0), 1, null, state("src", 3));
        scheduler.advance(1000);
        assertThat(storage.disposed).containsExactly(1L);
        assertThat(worker.callsStartingWith("aborted")).hasSize(4);
        assertThat(c.consecutiveFailures()).isEqualTo(1);
        assertThat(jobActions).isEmpty();
        // the second failure in a row is one more than tolerated
        scheduler.advance(INTERVAL);
        c.receiveDecline(tasks.get(2), c.pendingCheckpointIds().get(0), FailureInfo.of(new IllegalStateException("barrier 3 overtook 2")));
        assertThat(jobActions).singleElement().asString().contains("2 checkpoint(s) in a row failed", "barrier 3 overtook 2",
                "execution.checkpointing.tolerable-failures");
    }

    @Test
    void aCompletedCheckpointResetsTheFailureCount() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 1);
        scheduler.advance(INTERVAL);
        c.receiveDecline(tasks.get(1), 1, FailureInfo.of(new RuntimeException("no space")));
        scheduler.advance(INTERVAL);
        acknowledgeAll(c, 2);
        assertThat(c.consecutiveFailures()).isZero();
        scheduler.advance(INTERVAL);
        c.receiveDecline(tasks.get(1), 3, FailureInfo.of(new RuntimeException("no space")));
        assertThat(jobActions).isEmpty();
    }

    @Test
    void theTasksTimesAreSummedOverCompletedCheckpointsOnlyAndADuplicateAcknowledgementCountsOnce() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 5);
        scheduler.advance(INTERVAL);
        c.receiveAcknowledge(tasks.get(0), 1, new CheckpointMetrics(0, 7_000_000, 9_000_000, 10), state("src", 3));
        c.receiveDecline(tasks.get(2), 1, FailureInfo.of(new RuntimeException("no space")));
        scheduler.advance(INTERVAL);
        c.receiveAcknowledge(tasks.get(0), 2, new CheckpointMetrics(0, 250_000, 300_000, 10), state("src", 3));
        c.receiveAcknowledge(tasks.get(0), 2, new CheckpointMetrics(0, 5_000_000, 5_000_000, 10), state("src", 3));
        for (int i = 1; i < 4; i++) {
            c.receiveAcknowledge(tasks.get(i), 2, new CheckpointMetrics(i * 1_500, 250_000, 300_000, 10), state(i < 2 ? "src" : "count", 3));
        }
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(2L);
        assertThat(c.stats().asAccumulators()).containsEntry("checkpoints.sync-total-us", 1_000L)
                .containsEntry("checkpoints.alignment-total-us", 9L).containsEntry("checkpoints.async-total-us", 1_200L)
                .containsEntry("checkpoints.acknowledgements", 4L).containsEntry("checkpoints.tasks", 4L)
                .containsEntry("checkpoints.failed", 1L);
    }

    @Test
    void retentionKeepsTheLastCheckpointsAndDeletesOlderOnes() {
        CheckpointCoordinator c = coordinator(1, 0, 2, 0);
        for (long id = 1; id <= 4; id++) {
            scheduler.advance(INTERVAL);
            acknowledgeAll(c, id);
        }
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(3L, 4L);
        assertThat(storage.discarded).containsExactly("mem:/chk-1", "mem:/chk-2");
    }

    @Test
    void lateAndForeignAcknowledgementsAreIgnored() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        scheduler.advance(INTERVAL);
        TaskId oldAttempt = new TaskId(graph.jobId(), 0, 0, 7);
        c.receiveAcknowledge(oldAttempt, 1, null, state("src", 1));
        c.receiveAcknowledge(tasks.get(0), 99, null, state("src", 1));
        c.receiveDecline(oldAttempt, 1, FailureInfo.of(new RuntimeException("x")));
        assertThat(c.pendingCheckpointIds()).containsExactly(1L);
        acknowledgeAll(c, 1);
        acknowledgeAll(c, 1);
        assertThat(c.completedCheckpoints()).hasSize(1);
    }

    @Test
    void idsIncreaseAcrossARestartAndTheRestoreReturnsTheLatestCompletedCheckpoint() {
        CheckpointCoordinator c = coordinator(1, 0, 2, 0);
        scheduler.advance(INTERVAL);
        acknowledgeAll(c, 1);
        scheduler.advance(INTERVAL);
        c.abortPendingForRestart("task failed");
        assertThat(c.consecutiveFailures()).isZero();
        assertThat(storage.disposed).containsExactly(2L);

        CheckpointMetadata restored = c.latestForRestore();
        assertThat(restored.checkpointId()).isEqualTo(1);
        startAttempt(1);
        worker.calls.clear();
        scheduler.advance(INTERVAL);
        assertThat(worker.callsStartingWith("trigger")).containsExactly("trigger " + tasks.get(0) + " 3 CHECKPOINT",
                "trigger " + tasks.get(1) + " 3 CHECKPOINT");
    }

    @Test
    void restoreFallsBackToThePreviousCheckpointWhenTheLatestIsUnreadable() {
        CheckpointCoordinator c = coordinator(1, 0, 2, 0);
        for (long id = 1; id <= 2; id++) {
            scheduler.advance(INTERVAL);
            acknowledgeAll(c, id);
        }
        storage.corrupt.add("mem:/chk-2");
        assertThat(c.latestForRestore().checkpointId()).isEqualTo(1);
        storage.corrupt.add("mem:/chk-1");
        assertThatThrownBy(c::latestForRestore).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("none of its retained checkpoints can be read").hasMessageContaining("mem:/chk-1");
    }

    @Test
    void aCheckpointWhoseStateFilesFailTheRestoreIsDroppedOnceButTheLastRestorePointIsKept() {
        CheckpointCoordinator c = coordinator(1, 0, 2, 0);
        for (long id = 1; id <= 2; id++) {
            scheduler.advance(INTERVAL);
            acknowledgeAll(c, id);
        }
        assertThat(c.discardUnrestorable(2, "State file mem:/chk-2/x is corrupt")).isTrue();
        assertThat(c.discardUnrestorable(2, "the same failure from another task")).as("already dropped").isFalse();
        assertThat(c.latestForRestore().checkpointId()).isEqualTo(1);
        assertThat(c.discardUnrestorable(1, "State file mem:/chk-1/x is corrupt")).as("nothing older to fall back to").isFalse();
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(1L);
    }

    @Test
    void aMetadataWriteFailureAbortsTheCheckpoint() {
        CheckpointCoordinator c = coordinator(1, 0, 1, -1);
        scheduler.advance(INTERVAL);
        storage.failMetadataWrites = true;
        acknowledgeAll(c, 1);
        assertThat(c.completedCheckpoints()).isEmpty();
        assertThat(storage.disposed).containsExactly(1L);
        assertThat(c.consecutiveFailures()).isEqualTo(1);
        assertThat(jobActions).isEmpty();
    }

    @Test
    void aFinishedTaskIsNoLongerAwaited() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        scheduler.advance(INTERVAL);
        for (int i = 0; i < 3; i++) {
            c.receiveAcknowledge(tasks.get(i), 1, null, TaskStateSnapshot.EMPTY);
        }
        c.onTaskFinished(tasks.get(3));
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(1L);
    }

    @Test
    void savepointIgnoresTheConcurrencyLimitIsNotSubsumedAndCancelsTheJobWhenAsked() throws Exception {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        scheduler.advance(INTERVAL);
        CompletableFuture<String> savepoint = c.triggerSavepoint("file:///sp", true);
        assertThat(c.pendingCheckpointIds()).containsExactly(1L, 2L);
        assertThat(worker.callsStartingWith("trigger")).contains("trigger " + tasks.get(0) + " 2 SAVEPOINT_THEN_CANCEL");
        acknowledgeAll(c, 2);
        assertThat(savepoint.get()).isEqualTo("file:///sp/savepoint-2");
        assertThat(c.pendingCheckpointIds()).containsExactly(1L);
        assertThat(jobActions).containsExactly("cancel");
        // no periodic checkpoint is triggered while the job is being cancelled
        acknowledgeAll(c, 1);
        c.shutdown(JobStatus.CANCELED);
        assertThat(storage.discarded).isEmpty();
        assertThat(storage.written).containsKey("mem:/chk-1");
        assertThat(storage.written).containsKey("file:///sp/savepoint-2");
    }

    @Test
    void aSavepointWaitsForTheTasksToRunAndFailsWhenDeclined() throws Exception {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        notReady = "source task v0#0.0 is DEPLOYING";
        CompletableFuture<String> savepoint = c.triggerSavepoint(null, false);
        c.onTaskRunning();
        assertThat(worker.calls).isEmpty();
        notReady = null;
        c.onTaskRunning();
        assertThat(worker.callsStartingWith("trigger")).containsExactly("trigger " + tasks.get(0) + " 1 SAVEPOINT",
                "trigger " + tasks.get(1) + " 1 SAVEPOINT");
        c.receiveDecline(tasks.get(3), 1, FailureInfo.of(new RuntimeException("state too large")));
        assertThatThrownBy(savepoint::get).hasMessageContaining("Savepoint 1").hasMessageContaining("state too large");
        assertThat(c.consecutiveFailures()).isZero();
    }

    @Test
    void aWaitingSavepointFailsAtTheTimeoutOrWhenTheJobEnds() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        notReady = "task v1#0.1 is not running";
        CompletableFuture<String> late = c.triggerSavepoint(null, false);
        scheduler.advance(999);
        assertThat(late).isNotDone();
        scheduler.advance(1);
        assertThatThrownBy(late::get).hasMessageContaining("not all its tasks ran within 1000 ms").hasMessageContaining("v1#0.1");
        CompletableFuture<String> ended = c.triggerSavepoint(null, true);
        c.shutdown(JobStatus.CANCELED);
        assertThatThrownBy(ended::get).hasMessageContaining("ended (CANCELED) before the savepoint");
        assertThat(worker.calls).isEmpty();
    }

    @Test
    void shutdownKeepsCheckpointsAbortsPendingOnesAndStopsTriggering() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        scheduler.advance(INTERVAL);
        acknowledgeAll(c, 1);
        scheduler.advance(INTERVAL);
        c.shutdown(JobStatus.FAILED);
        assertThat(storage.discarded).isEmpty();
        assertThat(storage.disposed).containsExactly(2L);
        worker.calls.clear();
        scheduler.advance(INTERVAL * 10);
        assertThat(worker.calls).isEmpty();
        assertThat(scheduler.activeTimers()).isZero();
    }

    @Test
    void aStartFromASavepointContinuesItsIdsAndIsNeverDeleted() {
        CheckpointCoordinator c = coordinator(1, 0, 1, 0);
        storage.written.put("file:///sp/savepoint-41", new CheckpointMetadata(41, 5, CheckpointType.SAVEPOINT, Map.of()));
        c.registerInitialRestore(41, "file:///sp/savepoint-41");
        assertThat(c.latestForRestore().checkpointId()).isEqualTo(41);
        scheduler.advance(INTERVAL);
        assertThat(c.pendingCheckpointIds()).containsExactly(42L);
        acknowledgeAll(c, 42);
        scheduler.advance(INTERVAL);
        acknowledgeAll(c, 43);
        assertThat(storage.discarded).containsExactly("mem:/chk-42");
        assertThat(storage.written).containsKey("file:///sp/savepoint-41");
        assertThat(c.completedCheckpoints()).extracting(CompletedCheckpoint::checkpointId).containsExactly(43L);
    }
}
