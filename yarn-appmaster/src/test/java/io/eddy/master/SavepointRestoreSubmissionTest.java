package io.eddy.master;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.CheckpointMetadata.OperatorState;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.storage.CheckpointStorage;
import io.eddy.runtime.checkpoint.storage.CheckpointStorageLocation;
import io.eddy.runtime.cluster.JobGraphBytes;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job submitted with {@code execution.savepoint.path} has the savepoint read and assigned at
 * submission: its tasks are deployed with their share of the state (here at another parallelism),
 * and a missing or foreign path, or state of operators the job lacks, rejects the submission
 * naming the path before any task is deployed.
 */
class SavepointRestoreSubmissionTest {

    @TempDir
    Path tmp;

    /** The fake worker never confirms cancellations: a short cancel timeout lets {@link #stop} end the running jobs quickly. */
    private final Master master = Master.start(MasterConfig.defaults().withSlotWaitTimeout(Duration.ofSeconds(5))
            .withCancelTimeout(Duration.ofMillis(200)));

    @AfterEach
    void stop() {
        master.close();
    }

    /** A savepoint of TestGraphs.twoVertices(1, HASH, 2) with keyed state in "map" and {@code extraUid}'s list state, if not null. */
    private String savepoint(String extraUid) throws Exception {
        Map<Integer, OperatorSubtaskState> mapState = new HashMap<>();
        for (int s = 0; s < 2; s++) {
            KeyGroupRange range = KeyGroupRange.forSubtask(s, 128, 2);
            mapState.put(s, new OperatorSubtaskState(List.of(new KeyGroupsStateHandle(range, new long[range.size()],
                    new ByteStreamStateHandle("map-" + s, new byte[] {1}))), List.of()));
        }
        Map<String, OperatorState> operators = new HashMap<>();
        operators.put("map", new OperatorState("map", "Map", 2, 128, mapState));
        if (extraUid != null) {
            OperatorStateHandle list = new OperatorStateHandle(Map.of("offsets",
                    new OperatorStateHandle.StateMetaInfo(OperatorStateHandle.Mode.SPLIT, new long[] {0})),
                    new ByteStreamStateHandle("x", new byte[1]));
            operators.put(extraUid, new OperatorState(extraUid, "Old operator", 1, 128,
                    Map.of(0, new OperatorSubtaskState(List.of(), List.of(list)))));
        }
        CheckpointStorage storage = CheckpointStorage.create(TestGraphs.twoVertices(1, ShipStrategy.HASH, 2).jobId(), new Configuration());
        CheckpointStorageLocation location = storage.initializeLocation(5,
                new CheckpointOptions(CheckpointType.SAVEPOINT, tmp.resolve("savepoints").toUri().toString()));
        return location.writeMetadata(new CheckpointMetadata(5, 1000, CheckpointType.SAVEPOINT, operators));
    }

    private static JobGraph withSettings(JobGraph graph, Map<String, String> settings) {
        return new JobGraph(graph.jobId(), graph.name(), graph.vertices(), graph.edges(), graph.bufferTimeoutMillis(),
                graph.serializerConfigBytes(), settings);
    }

    private void submit(JobGraph graph) throws Exception {
        master.submitJob(JobGraphBytes.artifactsWithoutJars(graph), new RecordingClient()).get(10, TimeUnit.SECONDS);
    }

    @Test
    void tasksAreDeployedWithTheirShareOfTheSavepointAtTheNewParallelism() throws Exception {
        FakeWorker worker = new FakeWorker("worker-1", 4, 1001);
        master.registerWorker(worker.registration, worker).get(10, TimeUnit.SECONDS);
        String path = savepoint(null);
        submit(withSettings(TestGraphs.twoVertices(1, ShipStrategy.HASH, 3), Map.of(CheckpointingOptions.RESTORE_PATH.key(), path)));

        List<TaskDeploymentSpec> specs = worker.awaitDeployments(4);
        for (TaskDeploymentSpec spec : specs) {
            TaskRestore restore = spec.restoreOrNull();
            assertThat(restore).as("restore of %s", spec.task()).isNotNull();
            assertThat(restore.checkpointId()).isEqualTo(5);
            if (spec.task().vertex() == 0) {
                assertThat(restore.state().operatorStates()).isEmpty();
                continue;
            }
            KeyGroupRange own = KeyGroupRange.forSubtask(spec.task().subtask(), 128, 3);
            List<KeyGroupsStateHandle> keyed = restore.state().stateOf("map").managedKeyedState();
            assertThat(keyed.stream().mapToInt(h -> h.range().size()).sum()).isEqualTo(own.size());
            assertThat(keyed).allSatisfy(h -> assertThat(own.intersection(h.range())).isEqualTo(h.range()));
        }
    }

    @Test
    void missingOrForeignPathsRejectTheSubmissionNamingThePath() throws Exception {
        String missing = tmp.resolve("no-such-savepoint").toString();
        assertThatThrownBy(() -> submit(withSettings(TestGraphs.twoVertices(1, ShipStrategy.HASH, 2),
                Map.of(CheckpointingOptions.RESTORE_PATH.key(), missing))))
                .isInstanceOf(ExecutionException.class).hasMessageContaining(missing).hasMessageContaining("does not exist");

        Path foreign = Files.writeString(tmp.resolve("_metadata"), "not a savepoint, just some text");
        assertThatThrownBy(() -> submit(withSettings(TestGraphs.twoVertices(1, ShipStrategy.HASH, 2),
                Map.of(CheckpointingOptions.RESTORE_PATH.key(), tmp.toString()))))
                .isInstanceOf(ExecutionException.class).hasMessageContaining(foreign.toString()).hasMessageContaining("not Eddy checkpoint metadata");
        assertThat(master.listJobs().get(10, TimeUnit.SECONDS)).isEmpty();
    }

    @Test
    void stateOfOperatorsTheJobLacksRejectsTheSubmissionUnlessAllowed() throws Exception {
        String path = savepoint("removed-uid");
        assertThatThrownBy(() -> submit(withSettings(TestGraphs.twoVertices(1, ShipStrategy.HASH, 2),
                Map.of(CheckpointingOptions.RESTORE_PATH.key(), path))))
                .isInstanceOf(ExecutionException.class).hasMessageContaining("uid 'removed-uid' (operator 'Old operator')")
                .hasMessageContaining(path);

        submit(withSettings(TestGraphs.twoVertices(1, ShipStrategy.HASH, 2), Map.of(CheckpointingOptions.RESTORE_PATH.key(), path,
                CheckpointingOptions.ALLOW_NON_RESTORED_STATE.key(), "true")));
        assertThat(master.listJobs().get(10, TimeUnit.SECONDS)).hasSize(1);
    }
}
