package io.eddy.master.checkpoint;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.CheckpointMetadata.OperatorState;
import io.eddy.runtime.checkpoint.KeyGroupRange;
import io.eddy.runtime.checkpoint.KeyGroupsStateHandle;
import io.eddy.runtime.checkpoint.OperatorStateHandle;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Assigns the state of a checkpoint or savepoint to the subtasks of a (new) job, possibly with other
 * parallelisms (docs/checkpointing.md, "State assignment"). Pure: no I/O, only handles are moved.
 *
 * <ul>
 *   <li>Operators are matched by uid ({@link OperatorSpec#uid()}). State of a uid no operator of
 *       the job has fails the assignment with the list of such uids and names, unless non-restored
 *       state is allowed ({@link CheckpointingOptions#ALLOW_NON_RESTORED_STATE}).</li>
 *   <li>Keyed state: new subtask i of p owns {@code KeyGroupRange.forSubtask(i, maxParallelism, p)}
 *       and gets every old handle's intersection with it. The max parallelism must be unchanged.</li>
 *   <li>Split lists: with unchanged parallelism every subtask keeps its own elements; otherwise all
 *       elements (in old subtask order) are dealt round-robin. Union lists: every subtask gets all.</li>
 *   <li>Raw operator state (a streaming loop head's feedback in flight): the streams of old subtask
 *       s go to new subtask s mod p, so with unchanged parallelism each subtask keeps its own.</li>
 * </ul>
 */
public final class StateAssignment {

    private StateAssignment() {}

    /**
     * The state each subtask of {@code graph} restores from {@code metadata}.
     *
     * @throws IllegalArgumentException listing unmatched operator uids (when not allowed) or naming
     *     an operator whose max parallelism changed, with both values
     */
    public static AssignedState assign(CheckpointMetadata metadata, JobGraph graph, boolean allowNonRestoredState) {
        Map<String, Integer> vertexOfUid = vertexOfUid(graph);
        checkUnmatched(metadata, vertexOfUid, allowNonRestoredState);
        Map<Integer, List<Map<String, OperatorSubtaskState>>> perVertex = new HashMap<>();
        for (OperatorState old : new TreeMap<>(metadata.operators()).values()) {
            Integer vertexIndex = vertexOfUid.get(old.uid());
            if (vertexIndex == null || isEmpty(old)) {
                continue;
            }
            JobVertex vertex = graph.vertices().get(vertexIndex);
            List<OperatorSubtaskState> assigned = assignOperator(old, vertex);
            List<Map<String, OperatorSubtaskState>> subtasks = perVertex.computeIfAbsent(vertexIndex, v -> newStateMaps(vertex.parallelism()));
            for (int i = 0; i < assigned.size(); i++) {
                if (!assigned.get(i).isEmpty()) {
                    subtasks.get(i).put(old.uid(), assigned.get(i));
                }
            }
        }
        Map<Integer, List<TaskRestore>> restores = new HashMap<>();
        for (JobVertex vertex : graph.vertices()) {
            List<Map<String, OperatorSubtaskState>> states = perVertex.getOrDefault(vertex.id().index(), newStateMaps(vertex.parallelism()));
            List<TaskRestore> list = new ArrayList<>(states.size());
            for (Map<String, OperatorSubtaskState> s : states) {
                list.add(new TaskRestore(metadata.checkpointId(), s.isEmpty() ? TaskStateSnapshot.EMPTY : new TaskStateSnapshot(s)));
            }
            restores.put(vertex.id().index(), List.copyOf(list));
        }
        return new AssignedState(metadata.checkpointId(), restores);
    }

    /** The state of every subtask of a job, from one checkpoint. */
    public record AssignedState(long checkpointId, Map<Integer, List<TaskRestore>> restoresByVertex) {

        public AssignedState {
            restoresByVertex = Map.copyOf(restoresByVertex);
        }

        /** What subtask {@code subtask} of vertex {@code vertex} restores (possibly an empty snapshot, never null). */
        public TaskRestore restoreFor(int vertex, int subtask) {
            List<TaskRestore> restores = restoresByVertex.get(vertex);
            if (restores == null || subtask < 0 || subtask >= restores.size()) {
                throw new IllegalArgumentException("Bug: no restore for vertex " + vertex + " subtask " + subtask + " (the job has "
                        + (restores == null ? "no such vertex" : restores.size() + " subtasks there") + ")");
            }
            return restores.get(subtask);
        }
    }

    private static Map<String, Integer> vertexOfUid(JobGraph graph) {
        Map<String, Integer> result = new HashMap<>();
        for (JobVertex v : graph.vertices()) {
            for (OperatorSpec op : v.chain()) {
                Integer previous = result.put(op.uid(), v.id().index());
                if (previous != null) {
                    throw new IllegalArgumentException("Two operators of job '" + graph.name() + "' have the uid '" + op.uid() + "' (one is '"
                            + op.name() + "'): give each operator its own uid with .uid(...)");
                }
            }
        }
        return result;
    }

    private static void checkUnmatched(CheckpointMetadata metadata, Map<String, Integer> vertexOfUid, boolean allowNonRestoredState) {
        List<String> unmatched = new ArrayList<>();
        for (OperatorState old : new TreeMap<>(metadata.operators()).values()) {
            if (!vertexOfUid.containsKey(old.uid()) && !isEmpty(old)) {
                unmatched.add("uid '" + old.uid() + "' (operator '" + old.name() + "')");
            }
        }
        if (!unmatched.isEmpty() && !allowNonRestoredState) {
            throw new IllegalArgumentException("Checkpoint " + metadata.checkpointId() + " holds state of " + unmatched.size()
                    + " operator(s) that the job does not have: " + String.join(", ", unmatched) + ". Give the operators their old uids with "
                    + ".uid(...), or drop that state: run with --allow-non-restored-state (" + CheckpointingOptions.ALLOW_NON_RESTORED_STATE.key()
                    + "=true)");
        }
    }

    private static boolean isEmpty(OperatorState state) {
        return state.subtaskStates().values().stream().allMatch(OperatorSubtaskState::isEmpty);
    }

    private static List<Map<String, OperatorSubtaskState>> newStateMaps(int parallelism) {
        List<Map<String, OperatorSubtaskState>> maps = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            maps.add(new LinkedHashMap<>());
        }
        return maps;
    }

    /** Per new subtask of {@code vertex}, its part of {@code old}'s state. */
    private static List<OperatorSubtaskState> assignOperator(OperatorState old, JobVertex vertex) {
        int parallelism = vertex.parallelism();
        List<List<KeyGroupsStateHandle>> keyed = assignKeyed(old, vertex);
        List<List<OperatorStateHandle>> operator = OperatorStateRedistribution.redistribute(old, parallelism);
        List<List<StreamStateHandle>> raw = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            raw.add(new ArrayList<>());
        }
        for (Map.Entry<Integer, OperatorSubtaskState> e : new TreeMap<>(old.subtaskStates()).entrySet()) {
            raw.get(e.getKey() % parallelism).addAll(e.getValue().rawOperatorState());
        }
        List<OperatorSubtaskState> result = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            OperatorSubtaskState state = new OperatorSubtaskState(keyed.get(i), operator.get(i), raw.get(i));
            result.add(state.isEmpty() ? OperatorSubtaskState.EMPTY : state);
        }
        return result;
    }

    private static List<List<KeyGroupsStateHandle>> assignKeyed(OperatorState old, JobVertex vertex) {
        int parallelism = vertex.parallelism();
        List<List<KeyGroupsStateHandle>> result = new ArrayList<>(parallelism);
        for (int i = 0; i < parallelism; i++) {
            result.add(new ArrayList<>());
        }
        List<KeyGroupsStateHandle> all = new ArrayList<>();
        for (OperatorSubtaskState s : new TreeMap<>(old.subtaskStates()).values()) {
            all.addAll(s.managedKeyedState());
        }
        if (all.isEmpty()) {
            return result;
        }
        if (old.maxParallelism() != vertex.maxParallelism()) {
            throw new IllegalArgumentException("Operator '" + old.name() + "' (uid '" + old.uid() + "') had max parallelism "
                    + old.maxParallelism() + " in the checkpoint but has " + vertex.maxParallelism() + " in the job: keyed state cannot move "
                    + "to another number of key groups; set setMaxParallelism(" + old.maxParallelism() + ") on it");
        }
        for (int i = 0; i < parallelism; i++) {
            KeyGroupRange range = KeyGroupRange.forSubtask(i, vertex.maxParallelism(), parallelism);
            for (KeyGroupsStateHandle handle : all) {
                KeyGroupsStateHandle part = handle.intersection(range);
                if (part != null) {
                    result.get(i).add(part);
                }
            }
        }
        return result;
    }
}
