package io.eddy.master.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.JobVertexId;
import io.eddy.jobgraph.OperatorKinds;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.master.checkpoint.StateAssignment.AssignedState;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.CheckpointMetadata.OperatorState;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle.Mode;
import io.eddy.runtime.checkpoint.OperatorStateHandle.StateMetaInfo;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.TaskRestore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Assignment of checkpointed state to the subtasks of a job with other parallelisms. */
class StateAssignmentTest {

    private static final int MAX_PARALLELISM = 128;

    /** A job of a source vertex ({@code source}) and a keyed vertex ({@code keyed}, chained with {@code sink}). */
    private static JobGraph job(int sourceParallelism, int keyedParallelism, int keyedMaxParallelism) {
        JobVertex source = new JobVertex(new JobVertexId(0), "Source", sourceParallelism, MAX_PARALLELISM,
                List.of(op("source", "Source: numbers", OperatorKinds.SOURCE.name())));
        JobVertex keyed = new JobVertex(new JobVertexId(1), "Count -> Sink", keyedParallelism, keyedMaxParallelism,
                List.of(op("count", "Count", OperatorKinds.PROCESS.name()), op("sink", "Sink", OperatorKinds.MAP.name())));
        return new JobGraph(JobId.generate(), "test", List.of(source, keyed), List.of(), 100, new byte[0], Map.of());
    }

    private static OperatorSpec op(String uid, String name, String kind) {
        return new OperatorSpec(uid, name, kind, new byte[0], List.of());
    }

    private static StreamStateHandle stream(String name) {
        return new ByteStreamStateHandle(name, new byte[0]);
    }

    /** Keyed state of {@code parallelism} old subtasks: subtask s's handle covers its range, offset of key group g = g * 10. */
    private static OperatorState keyedState(String uid, int parallelism, int maxParallelism) {
        Map<Integer, OperatorSubtaskState> subtasks = new HashMap<>();
        for (int s = 0; s < parallelism; s++) {
            KeyGroupRange range = KeyGroupRange.forSubtask(s, maxParallelism, parallelism);
            long[] offsets = new long[range.size()];
            for (int g = range.first(); g <= range.last(); g++) {
                offsets[g - range.first()] = g * 10L;
            }
            subtasks.put(s, new OperatorSubtaskState(List.of(new KeyGroupsStateHandle(range, offsets, stream("keyed-" + s))), List.of()));
        }
        return new OperatorState(uid, "Count", parallelism, maxParallelism, subtasks);
    }

    /** Operator list state: old subtask s has {@code elements[s]} elements of state "offsets" in mode {@code mode}. */
    private static OperatorState listState(String uid, Mode mode, int... elements) {
        Map<Integer, OperatorSubtaskState> subtasks = new HashMap<>();
        for (int s = 0; s < elements.length; s++) {
            long[] offsets = new long[elements[s]];
            for (int i = 0; i < offsets.length; i++) {
                offsets[i] = 8L * i;
            }
            OperatorStateHandle handle = new OperatorStateHandle(Map.of("offsets", new StateMetaInfo(mode, offsets)), stream("op-" + s));
            subtasks.put(s, new OperatorSubtaskState(List.of(), List.of(handle)));
        }
        return new OperatorState(uid, "Source: numbers", elements.length, MAX_PARALLELISM, subtasks);
    }

    private static CheckpointMetadata metadata(OperatorState... states) {
        Map<String, OperatorState> map = new HashMap<>();
        for (OperatorState s : states) {
            map.put(s.uid(), s);
        }
        return new CheckpointMetadata(17, 1000, CheckpointType.SAVEPOINT, map);
    }

    /** Per key group of {@code restore}'s keyed state of "count": the offset it has. */
    private static Map<Integer, Long> keyGroupOffsets(TaskRestore restore) {
        Map<Integer, Long> result = new HashMap<>();
        for (KeyGroupsStateHandle h : restore.state().stateOf("count").managedKeyedState()) {
            for (int g = h.range().first(); g <= h.range().last(); g++) {
                assertThat(result.put(g, h.offsetOf(g))).as("key group %s assigned twice", g).isNull();
            }
        }
        return result;
    }

    /** The (stream name, offset) elements of state "offsets" in {@code restore}'s source state. */
    private static List<String> elements(TaskRestore restore) {
        List<String> result = new ArrayList<>();
        for (OperatorStateHandle h : restore.state().stateOf("source").managedOperatorState()) {
            StateMetaInfo info = h.states().get("offsets");
            for (long offset : info.offsets()) {
                result.add(((ByteStreamStateHandle) h.delegate()).name() + "@" + offset);
            }
        }
        return result;
    }

    /** Raw operator state of "count": old subtask s has {@code streams[s]} streams named {@code raw-s-i}. */
    private static OperatorState rawState(int... streams) {
        Map<Integer, OperatorSubtaskState> subtasks = new HashMap<>();
        for (int s = 0; s < streams.length; s++) {
            List<StreamStateHandle> handles = new ArrayList<>();
            for (int i = 0; i < streams[s]; i++) {
                handles.add(stream("raw-" + s + "-" + i));
            }
            subtasks.put(s, new OperatorSubtaskState(List.of(), List.of(), handles));
        }
        return new OperatorState("count", "Count", streams.length, MAX_PARALLELISM, subtasks);
    }

    private static List<String> rawNames(TaskRestore restore) {
        OperatorSubtaskState state = restore.state().operatorStates().get("count");
        return state == null ? List.of() : state.rawOperatorState().stream().map(h -> ((ByteStreamStateHandle) h).name()).toList();
    }

    @Test
    void rawOperatorStateStaysWithItsSubtaskOrGoesToSubtaskModuloTheNewParallelism() {
        AssignedState same = StateAssignment.assign(metadata(rawState(1, 2)), job(1, 2, MAX_PARALLELISM), false);
        assertThat(rawNames(same.restoreFor(1, 0))).containsExactly("raw-0-0");
        assertThat(rawNames(same.restoreFor(1, 1))).containsExactly("raw-1-0", "raw-1-1");

        AssignedState down = StateAssignment.assign(metadata(rawState(1, 1, 1)), job(1, 2, MAX_PARALLELISM), false);
        assertThat(rawNames(down.restoreFor(1, 0))).containsExactly("raw-0-0", "raw-2-0");
        assertThat(rawNames(down.restoreFor(1, 1))).containsExactly("raw-1-0");

        AssignedState up = StateAssignment.assign(metadata(rawState(1, 0)), job(1, 3, MAX_PARALLELISM), false);
        assertThat(rawNames(up.restoreFor(1, 0))).containsExactly("raw-0-0");
        assertThat(rawNames(up.restoreFor(1, 1))).isEmpty();
        assertThat(up.restoreFor(1, 2).state().operatorStates()).isEmpty();
    }

    @Test
    void keyedStateFromTwoSubtasksGoesToThreeByKeyGroupRange() {
        AssignedState assigned = StateAssignment.assign(metadata(keyedState("count", 2, MAX_PARALLELISM)), job(1, 3, MAX_PARALLELISM), false);
        assertThat(assigned.checkpointId()).isEqualTo(17);
        for (int i = 0; i < 3; i++) {
            TaskRestore restore = assigned.restoreFor(1, i);
            assertThat(restore.checkpointId()).isEqualTo(17);
            KeyGroupRange range = KeyGroupRange.forSubtask(i, MAX_PARALLELISM, 3);
            Map<Integer, Long> offsets = keyGroupOffsets(restore);
            assertThat(offsets).hasSize(range.size());
            offsets.forEach((g, offset) -> {
                assertThat(range.contains(g)).isTrue();
                assertThat(offset).isEqualTo(g * 10L);
            });
        }
        assertThat(assigned.restoreFor(1, 1).state().stateOf("count").managedKeyedState()).as("the middle subtask straddles both old ranges")
                .hasSize(2);
        assertThat(assigned.restoreFor(0, 0).state().operatorStates()).isEmpty();
    }

    @Test
    void threeSubtasksGoToOne() {
        AssignedState assigned = StateAssignment.assign(metadata(keyedState("count", 3, MAX_PARALLELISM), listState("source", Mode.SPLIT, 2, 1, 3)),
                job(1, 1, MAX_PARALLELISM), false);
        assertThat(keyGroupOffsets(assigned.restoreFor(1, 0))).hasSize(MAX_PARALLELISM);
        assertThat(elements(assigned.restoreFor(0, 0))).containsExactly("op-0@0", "op-0@8", "op-1@0", "op-2@0", "op-2@8", "op-2@16");
    }

    @Test
    void splitListsAreDealtRoundRobinAndUnionListsGoToAll() {
        AssignedState split = StateAssignment.assign(metadata(listState("source", Mode.SPLIT, 3, 2)), job(3, 1, MAX_PARALLELISM), false);
        assertThat(elements(split.restoreFor(0, 0))).containsExactly("op-0@0", "op-1@0");
        assertThat(elements(split.restoreFor(0, 1))).containsExactly("op-0@8", "op-1@8");
        assertThat(elements(split.restoreFor(0, 2))).containsExactly("op-0@16");
        assertThat(split.restoreFor(0, 2).state().stateOf("source").managedOperatorState().get(0).states().get("offsets").mode())
                .isEqualTo(Mode.SPLIT);

        AssignedState union = StateAssignment.assign(metadata(listState("source", Mode.UNION, 3, 2)), job(3, 1, MAX_PARALLELISM), false);
        for (int i = 0; i < 3; i++) {
            assertThat(elements(union.restoreFor(0, i))).containsExactly("op-0@0", "op-0@8", "op-0@16", "op-1@0", "op-1@8");
        }
    }

    @Test
    void unchangedParallelismKeepsEachSubtasksSplitList() {
        AssignedState same = StateAssignment.assign(metadata(listState("source", Mode.SPLIT, 3, 1)), job(2, 1, MAX_PARALLELISM), false);
        assertThat(elements(same.restoreFor(0, 0))).containsExactly("op-0@0", "op-0@8", "op-0@16");
        assertThat(elements(same.restoreFor(0, 1))).containsExactly("op-1@0");
    }

    @Test
    void stateOfUnknownOperatorsFailsListingThemUnlessAllowed() {
        CheckpointMetadata metadata = metadata(keyedState("count", 2, MAX_PARALLELISM), keyedState("old-window", 2, MAX_PARALLELISM),
                listState("old-source", Mode.SPLIT, 1), new OperatorState("stateless-old", "Filter", 2, MAX_PARALLELISM, Map.of()));
        assertThatThrownBy(() -> StateAssignment.assign(metadata, job(1, 2, MAX_PARALLELISM), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 operator(s)")
                .hasMessageContaining("uid 'old-source' (operator 'Source: numbers')")
                .hasMessageContaining("uid 'old-window' (operator 'Count')")
                .hasMessageNotContaining("stateless-old")
                .hasMessageContaining("--allow-non-restored-state")
                .hasMessageContaining(CheckpointingOptions.ALLOW_NON_RESTORED_STATE.key());

        AssignedState allowed = StateAssignment.assign(metadata, job(1, 2, MAX_PARALLELISM), true);
        assertThat(keyGroupOffsets(allowed.restoreFor(1, 0))).hasSize(64);
        assertThat(allowed.restoreFor(1, 0).state().operatorStates()).containsOnlyKeys("count");
    }

    @Test
    void changedMaxParallelismOfKeyedStateFailsNamingOperatorAndBothValues() {
        assertThatThrownBy(() -> StateAssignment.assign(metadata(keyedState("count", 2, MAX_PARALLELISM)), job(1, 2, 256), false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'Count' (uid 'count')")
                .hasMessageContaining("128")
                .hasMessageContaining("256");
        assertThat(StateAssignment.assign(metadata(listState("source", Mode.SPLIT, 1, 1)), job(2, 1, 256), false).restoreFor(0, 1))
                .as("operator list state does not depend on key groups").isNotNull();
    }
}
