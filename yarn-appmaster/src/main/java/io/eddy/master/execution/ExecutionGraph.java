package io.eddy.master.execution;

import io.eddy.jobgraph.EdgeRole;
import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.jobgraph.VertexGroup;
import io.eddy.master.checkpoint.StateAssignment;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.master.workers.SlotAssignment;
import io.eddy.runtime.checkpoint.TaskRestore;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.partition.ResultPartitionId;
import io.eddy.runtime.tasks.OutputPartitionSpec;
import io.eddy.runtime.tasks.TaskId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The job graph expanded to one {@link ExecutionVertex} per subtask, placed on the lanes of a
 * {@link SlotAssignment}, with every task's input channels and output partitions computed.
 *
 * <p>Partitions and channels: each edge is one result partition per producer subtask p, named
 * {@code ResultPartitionId(job, producer vertex, edge.sourceOutputIndex, p, attempt)}. For a {@code
 * FORWARD} edge the partition has one subpartition and consumer subtask i reads subpartition 0 of
 * producer i; for every other strategy the partition has one subpartition per consumer subtask and
 * consumer subtask i reads subpartition i of every producer. A channel names the producer's worker
 * data address, so a channel between tasks on one worker is local. A {@code FEEDBACK} edge (a loop's
 * tail to its head) has neither partitions nor channels: the tail hands its records to the head of
 * its lane inside the worker ({@code JobGraph.inputsOf/outputsOf} leave it out).
 *
 * <p>Regions: the tasks are grouped into {@link PipelinedRegion}s (connected over pipelined edges),
 * which the job's {@code JobScheduler} deploys one after another as their blocking inputs complete. Every
 * region's tasks run in the lanes the job got at the start: subtask i of any vertex in lane i. A
 * loop's tasks are one region, so the head and the tail of lane i share lane i's worker and slot,
 * also after a restart moved the lane, and they always carry the same attempt.
 *
 * <p>Attempts: each {@link ExecutionVertex} is one subtask and holds its current attempt. A
 * deployment is computed when it is sent ({@link #prepareDeployment}), from the lanes as they are
 * then and from the producers' current attempts: a restarted consumer names the attempt of a
 * blocking producer that survived (and the worker where that attempt ran), and a lane whose worker
 * was lost is moved to another worker ({@link #moveLanes}) before its tasks are deployed again.
 *
 * <p>Owned by the master's main thread.
 */
public final class ExecutionGraph {

    private final JobGraph graph;
    /** Per vertex, per subtask: the execution vertex (stable over attempts). */
    private final List<List<ExecutionVertex>> vertices;
    private final List<PipelinedRegion> regions;
    private final Map<ExecutionVertex, PipelinedRegion> regionOf = new HashMap<>();
    /** Owned by the master's main thread: which worker hosts each lane now. */
    private SlotAssignment slots;
    /** The state deployed tasks restore (from a savepoint or checkpoint), or null for a fresh start. */
    private StateAssignment.AssignedState restore;
    /** Owned by the master's main thread: every worker that hosted a lane of this job, in order. */
    private final Set<RegisteredWorker> involved = new LinkedHashSet<>();

    private ExecutionGraph(JobGraph graph, List<List<ExecutionVertex>> vertices, List<PipelinedRegion> regions, SlotAssignment slots) {
        this.graph = graph;
        this.vertices = vertices;
        this.regions = List.copyOf(regions);
        this.slots = slots;
        for (PipelinedRegion r : regions) {
            for (ExecutionVertex t : r.tasks()) {
                regionOf.put(t, r);
            }
        }
        for (int lane = 0; lane < slots.numberOfLanes(); lane++) {
            involved.add(slots.workerOf(lane));
        }
    }

    /** The number of slots (lanes) the job needs with slot sharing: its largest vertex parallelism. */
    public static int requiredSlots(JobGraph graph) {
        return graph.vertices().stream().mapToInt(JobVertex::parallelism).max().orElse(0);
    }

    /**
     * Checks what the master relies on before it takes slots.
     *
     * @throws IllegalArgumentException naming the edge if a FORWARD edge connects different
     *     parallelisms, a feedback edge is not FORWARD, or an edge between two vertices of one loop
     *     is BLOCKING (the loop's tasks finish only when it ends, so it could never be read)
     */
    public static void validate(JobGraph graph) {
        if (graph.vertices().isEmpty()) {
            throw new IllegalArgumentException("Job '" + graph.name() + "' has no operators: add a source and a sink before executing");
        }
        for (JobEdge e : graph.edges()) {
            JobVertex source = graph.vertex(e.source());
            JobVertex target = graph.vertex(e.target());
            if (e.shipStrategy() == ShipStrategy.FORWARD && source.parallelism() != target.parallelism()) {
                throw new IllegalArgumentException("The FORWARD edge from '" + source.name() + "' (parallelism " + source.parallelism()
                        + ") to '" + target.name() + "' (parallelism " + target.parallelism()
                        + ") connects different parallelisms: use rebalance() or give both the same parallelism");
            }
            validateLoopEdge(graph, e);
        }
    }

    private static void validateLoopEdge(JobGraph graph, JobEdge e) {
        VertexGroup loop = graph.groupOf(e.target(), VertexGroup.Kind.ITERATION).orElse(null);
        if (loop == null && e.role() == EdgeRole.FEEDBACK) {
            loop = graph.groupOf(e.target(), VertexGroup.Kind.STREAM_LOOP).orElse(null);
        }
        if (loop == null || !loop.contains(e.source())) {
            return;
        }
        if (e.role() == EdgeRole.FEEDBACK && e.shipStrategy() != ShipStrategy.FORWARD) {
            throw new IllegalArgumentException("Bug: the feedback edge " + e + " of iteration '" + loop.name() + "' is " + e.shipStrategy()
                    + ": a tail hands its records to the head of its own lane, so feedback edges are FORWARD");
        }
        if (e.role() != EdgeRole.FEEDBACK && e.exchangeMode() == ExchangeMode.BLOCKING) {
            throw new IllegalArgumentException("Bug: the edge " + e + " inside iteration '" + loop.name() + "' is BLOCKING: the loop's tasks"
                    + " run until the loop ends, so a blocking result of one could never be read by another; edges inside a loop are PIPELINED");
        }
    }

    public static ExecutionGraph build(JobGraph graph, SlotAssignment slots, int attempt) {
        List<List<ExecutionVertex>> vertices = new ArrayList<>();
        for (JobVertex v : graph.vertices()) {
            List<ExecutionVertex> subtasks = new ArrayList<>();
            for (int subtask = 0; subtask < v.parallelism(); subtask++) {
                TaskId id = new TaskId(graph.jobId(), v.id().index(), subtask, attempt);
                String name = v.name() + " (" + (subtask + 1) + "/" + v.parallelism() + ")";
                subtasks.add(new ExecutionVertex(id, name, slots.workerOf(subtask), null));
            }
            vertices.add(subtasks);
        }
        ExecutionGraph eg = new ExecutionGraph(graph, vertices, regions(graph, vertices), slots);
        for (ExecutionVertex t : eg.tasks()) {
            t.assignDeployment(t.worker(), eg.specOf(t, t.worker()));
        }
        return eg;
    }

    /** The pipelined regions over the execution vertices (see {@link PipelinedRegions}). */
    private static List<PipelinedRegion> regions(JobGraph graph, List<List<ExecutionVertex>> vertices) {
        List<PipelinedRegion> regions = new ArrayList<>();
        for (PipelinedRegions.RegionShape shape : PipelinedRegions.compute(graph)) {
            List<ExecutionVertex> members = shape.tasks().stream().map(k -> vertices.get(k.vertex()).get(k.subtask())).toList();
            List<ExecutionVertex> producers = shape.blockingProducers().stream()
                    .sorted(Comparator.comparingInt(PipelinedRegions.SubtaskKey::vertex)
                            .thenComparingInt(PipelinedRegions.SubtaskKey::subtask))
                    .map(k -> vertices.get(k.vertex()).get(k.subtask())).toList();
            regions.add(new PipelinedRegion(regions.size(), members, producers));
        }
        return regions;
    }

    /**
     * Fixes the current attempt's worker (its lane's worker now) and computes its deployment, naming
     * the current attempt of every producer; call right before sending it.
     */
    public TaskDeploymentSpec prepareDeployment(ExecutionVertex task) {
        RegisteredWorker lane = slots.workerOf(task.id().subtask());
        TaskDeploymentSpec spec = specOf(task, lane);
        task.assignDeployment(lane, spec);
        return spec;
    }

    /** Deployments from now on restore {@code restoreOrNull} (null: start without state). */
    public void setRestore(StateAssignment.AssignedState restoreOrNull) {
        this.restore = restoreOrNull;
    }

    private TaskDeploymentSpec specOf(ExecutionVertex task, RegisteredWorker own) {
        JobVertex v = graph.vertices().get(task.id().vertex());
        TaskRestore taskRestore = restore == null ? null : restore.restoreFor(task.id().vertex(), task.id().subtask());
        return new TaskDeploymentSpec(task.id(), inputChannels(v, task, own), outputPartitions(v, task, own), taskRestore);
    }

    /**
     * A channel names its producer's current attempt and the worker that attempt runs or ran on: for
     * a pipelined input that is the producer in the same region (same attempt history, placed in its
     * lane); for a blocking input the attempt whose result is complete.
     */
    private List<List<InputChannelSpec>> inputChannels(JobVertex v, ExecutionVertex task, RegisteredWorker own) {
        List<List<InputChannelSpec>> gates = new ArrayList<>();
        int subtask = task.id().subtask();
        for (JobEdge e : graph.inputsOf(v.id())) {
            JobVertex producer = graph.vertex(e.source());
            List<InputChannelSpec> channels = new ArrayList<>();
            boolean pipelined = e.exchangeMode() == ExchangeMode.PIPELINED;
            boolean forward = e.shipStrategy() == ShipStrategy.FORWARD;
            for (int p = forward ? subtask : 0; p < (forward ? subtask + 1 : producer.parallelism()); p++) {
                ExecutionVertex source = vertices.get(e.source().index()).get(p);
                RegisteredWorker where = pipelined ? slots.workerOf(p) : source.worker();
                channels.add(new InputChannelSpec(partitionId(e, p, source.attempt()), forward ? 0 : subtask,
                        where.registration().dataAddress(), pipelined && where.equals(own)));
            }
            gates.add(channels);
        }
        return gates;
    }

    /**
     * The partitions of one producer subtask. A pipelined subpartition whose consumer subtask runs in
     * the producer's worker hands its records over as objects (a local object channel); the consumer's
     * {@link InputChannelSpec} says the same (see {@link #inputChannels}).
     */
    private List<OutputPartitionSpec> outputPartitions(JobVertex v, ExecutionVertex task, RegisteredWorker own) {
        List<OutputPartitionSpec> partitions = new ArrayList<>();
        int subtask = task.id().subtask();
        for (JobEdge e : graph.outputsOf(v.id())) {
            JobVertex consumer = graph.vertex(e.target());
            boolean forward = e.shipStrategy() == ShipStrategy.FORWARD;
            int subpartitions = forward ? 1 : consumer.parallelism();
            BitSet objects = new BitSet();
            if (e.exchangeMode() == ExchangeMode.PIPELINED) {
                for (int c = 0; c < subpartitions; c++) {
                    if (slots.workerOf(forward ? subtask : c).equals(own)) {
                        objects.set(c);
                    }
                }
            }
            partitions.add(new OutputPartitionSpec(partitionId(e, subtask, task.attempt()), subpartitions, consumer.maxParallelism(), objects));
        }
        return partitions;
    }

    private ResultPartitionId partitionId(JobEdge e, int producerSubtask, int attempt) {
        return new ResultPartitionId(graph.jobId(), e.source().index(), e.sourceOutputIndex(), producerSubtask, attempt);
    }

    public JobGraph jobGraph() {
        return graph;
    }

    /** All execution vertices, by vertex, then subtask. */
    public List<ExecutionVertex> tasks() {
        List<ExecutionVertex> all = new ArrayList<>();
        for (List<ExecutionVertex> subtasks : vertices) {
            all.addAll(subtasks);
        }
        return all;
    }

    /** The pipelined regions: the units the scheduler deploys (a job without blocking edges has one per connected part). */
    public List<PipelinedRegion> regions() {
        return regions;
    }

    public PipelinedRegion regionOf(ExecutionVertex task) {
        return regionOf.get(task);
    }

    /** The task whose current attempt is {@code id}, or null (unknown, or an older attempt). */
    public ExecutionVertex task(TaskId id) {
        if (id.vertex() >= vertices.size() || id.subtask() >= vertices.get(id.vertex()).size()) {
            return null;
        }
        ExecutionVertex t = vertices.get(id.vertex()).get(id.subtask());
        return t.id().equals(id) ? t : null;
    }

    /** The subtask's execution vertex, whatever its attempt. */
    public ExecutionVertex subtask(int vertex, int subtask) {
        return vertices.get(vertex).get(subtask);
    }

    /** The worker hosting {@code lane} now. */
    public RegisteredWorker laneWorker(int lane) {
        return slots.workerOf(lane);
    }

    public SlotAssignment slots() {
        return slots;
    }

    /** Moves lanes to other workers (after their worker was lost); tasks deployed later run there. */
    public void moveLanes(SlotAssignment newSlots) {
        if (newSlots.numberOfLanes() != slots.numberOfLanes()) {
            throw new IllegalArgumentException("Bug: " + newSlots.numberOfLanes() + " lanes replace " + slots.numberOfLanes());
        }
        slots = newSlots;
        for (int lane = 0; lane < slots.numberOfLanes(); lane++) {
            involved.add(slots.workerOf(lane));
        }
    }

    /** The lanes whose worker was lost. */
    public List<Integer> lostLanes() {
        List<Integer> lost = new ArrayList<>();
        for (int lane = 0; lane < slots.numberOfLanes(); lane++) {
            if (slots.workerOf(lane).isLost()) {
                lost.add(lane);
            }
        }
        return lost;
    }

    /** Whether a lane on {@code worker} still has a task that has not finished (so the lane needs a worker). */
    public boolean laneHasWorkLeft(RegisteredWorker worker) {
        for (ExecutionVertex t : tasks()) {
            if (slots.workerOf(t.id().subtask()) == worker && t.state() != io.eddy.runtime.tasks.TaskExecutionState.FINISHED) {
                return true;
            }
        }
        return false;
    }

    /** Every worker that hosted a lane of the job (including lost ones and lanes moved away since). */
    public Set<RegisteredWorker> involvedWorkers() {
        return java.util.Collections.unmodifiableSet(involved);
    }

    public boolean allTerminal() {
        return vertices.stream().flatMap(List::stream).allMatch(ExecutionVertex::isTerminal);
    }

    public boolean allFinished() {
        return vertices.stream().flatMap(List::stream).allMatch(t -> t.state() == io.eddy.runtime.tasks.TaskExecutionState.FINISHED);
    }
}
