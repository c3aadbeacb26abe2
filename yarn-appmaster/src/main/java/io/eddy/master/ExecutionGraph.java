package io.eddy.master;

import io.eddy.jobgraph.ExchangeMode;
import io.eddy.jobgraph.JobEdge;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.ShipStrategy;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import io.eddy.runtime.io.network.InputChannelSpec;
import io.eddy.runtime.io.network.ResultPartitionId;
import io.eddy.runtime.tasks.OutputPartitionSpec;
import io.eddy.runtime.tasks.TaskId;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
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
 * data address, so a channel between tasks on one worker is local.
 *
 * <p>Regions: the tasks are grouped into {@link PipelinedRegion}s (connected over pipelined edges),
 * which the {@link JobManager} deploys one after another as their blocking inputs complete. Every
 * region's tasks run in the lanes the job got at the start: subtask i of any vertex in lane i.
 *
 * <p>Owned by the master's main thread.
 */
final class ExecutionGraph {

    private final JobGraph graph;
    private final Map<TaskId, ExecutionVertex> tasks;
    private final List<PipelinedRegion> regions;

    private ExecutionGraph(JobGraph graph, Map<TaskId, ExecutionVertex> tasks, List<PipelinedRegion> regions) {
        this.graph = graph;
        this.tasks = tasks;
        this.regions = List.copyOf(regions);
    }

    /** The number of slots (lanes) the job needs with slot sharing: its largest vertex parallelism. */
    static int requiredSlots(JobGraph graph) {
        return graph.vertices().stream().mapToInt(JobVertex::parallelism).max().orElse(0);
    }

    /**
     * Checks what the master relies on before it takes slots.
     *
     * @throws IllegalArgumentException naming the edge if a FORWARD edge connects different parallelisms
     */
    static void validate(JobGraph graph) {
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
        }
    }

    static ExecutionGraph build(JobGraph graph, SlotAssignment slots, int attempt) {
        Map<TaskId, ExecutionVertex> tasks = new LinkedHashMap<>();
        for (JobVertex v : graph.vertices()) {
            for (int subtask = 0; subtask < v.parallelism(); subtask++) {
                TaskId id = new TaskId(graph.jobId(), v.id().index(), subtask, attempt);
                TaskDeploymentSpec spec = new TaskDeploymentSpec(id, inputChannels(graph, v, subtask, slots, attempt),
                        outputPartitions(graph, v, subtask, slots, attempt));
                String name = v.name() + " (" + (subtask + 1) + "/" + v.parallelism() + ")";
                tasks.put(id, new ExecutionVertex(id, name, slots.workerOf(subtask), spec));
            }
        }
        return new ExecutionGraph(graph, tasks, regions(graph, tasks, attempt));
    }

    /** The pipelined regions over the execution vertices (see {@link PipelinedRegions}). */
    private static List<PipelinedRegion> regions(JobGraph graph, Map<TaskId, ExecutionVertex> tasks, int attempt) {
        List<PipelinedRegion> regions = new ArrayList<>();
        for (PipelinedRegions.RegionShape shape : PipelinedRegions.compute(graph)) {
            List<ExecutionVertex> members = shape.tasks().stream().map(k -> tasks.get(taskId(graph, k, attempt))).toList();
            List<ExecutionVertex> producers = shape.blockingProducers().stream()
                    .sorted(Comparator.comparingInt(PipelinedRegions.SubtaskKey::vertex)
                            .thenComparingInt(PipelinedRegions.SubtaskKey::subtask))
                    .map(k -> tasks.get(taskId(graph, k, attempt))).toList();
            regions.add(new PipelinedRegion(regions.size(), members, producers));
        }
        return regions;
    }

    private static TaskId taskId(JobGraph graph, PipelinedRegions.SubtaskKey key, int attempt) {
        return new TaskId(graph.jobId(), key.vertex(), key.subtask(), attempt);
    }

    private static List<List<InputChannelSpec>> inputChannels(JobGraph graph, JobVertex v, int subtask, SlotAssignment slots, int attempt) {
        List<List<InputChannelSpec>> gates = new ArrayList<>();
        for (JobEdge e : graph.inputsOf(v.id())) {
            JobVertex producer = graph.vertex(e.source());
            List<InputChannelSpec> channels = new ArrayList<>();
            boolean pipelined = e.exchangeMode() == ExchangeMode.PIPELINED;
            RegisteredWorker own = slots.workerOf(subtask);
            if (e.shipStrategy() == ShipStrategy.FORWARD) {
                channels.add(new InputChannelSpec(partitionId(graph, e, subtask, attempt), 0, own.registration().dataAddress(), pipelined));
            } else {
                for (int p = 0; p < producer.parallelism(); p++) {
                    RegisteredWorker producerWorker = slots.workerOf(p);
                    channels.add(new InputChannelSpec(partitionId(graph, e, p, attempt), subtask,
                            producerWorker.registration().dataAddress(), pipelined && producerWorker.equals(own)));
                }
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
    private static List<OutputPartitionSpec> outputPartitions(JobGraph graph, JobVertex v, int subtask, SlotAssignment slots, int attempt) {
        List<OutputPartitionSpec> partitions = new ArrayList<>();
        RegisteredWorker own = slots.workerOf(subtask);
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
            partitions.add(new OutputPartitionSpec(partitionId(graph, e, subtask, attempt), subpartitions, consumer.maxParallelism(), objects));
        }
        return partitions;
    }

    private static ResultPartitionId partitionId(JobGraph graph, JobEdge e, int producerSubtask, int attempt) {
        return new ResultPartitionId(graph.jobId(), e.source().index(), e.sourceOutputIndex(), producerSubtask, attempt);
    }

    JobGraph jobGraph() {
        return graph;
    }

    Collection<ExecutionVertex> tasks() {
        return tasks.values();
    }

    /** The pipelined regions: the units the scheduler deploys (a job without blocking edges has one per connected part). */
    List<PipelinedRegion> regions() {
        return regions;
    }

    /** The task, or null if the id is not part of this graph (e.g. an older attempt). */
    ExecutionVertex task(TaskId id) {
        return tasks.get(id);
    }

    Set<RegisteredWorker> involvedWorkers() {
        Set<RegisteredWorker> workers = new LinkedHashSet<>();
        for (ExecutionVertex t : tasks.values()) {
            workers.add(t.worker());
        }
        return workers;
    }

    boolean allTerminal() {
        return tasks.values().stream().allMatch(ExecutionVertex::isTerminal);
    }

    boolean allFinished() {
        return tasks.values().stream().allMatch(t -> t.state() == io.eddy.runtime.tasks.TaskExecutionState.FINISHED);
    }
}
