package io.eddy.master.failover;

import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides which pipelined regions must run again after tasks failed or a worker was lost, so that
 * a batch job restarts only what it needs (DESIGN.md §4 "Failover"):
 *
 * <ol>
 *   <li>the region of every failed task (its pipelined exchanges cannot be replayed);
 *   <li>every region that finished a task on a lost worker whose blocking result a region that has
 *       not finished still needs (the result was lost with the worker);
 *   <li>and, until nothing changes: every consumer region of a restarted region that is deployed
 *       and has not finished (it reads results that are replaced), and every producer region whose
 *       result a restarted region reads and that was lost.
 * </ol>
 *
 * Regions that finished and whose results survived are not restarted: their results are read again.
 * A job without blocking edges is one region per connected part, so it restarts completely.
 *
 * <p>Which worker is lost comes from {@link RegisteredWorker#isLost()}. A pure function of the
 * execution graph's current state; owned by the master's main thread.
 */
final class RegionFailover {

    private final ExecutionGraph graph;
    /** Per region: the regions that read one of its blocking results. */
    private final Map<PipelinedRegion, Set<PipelinedRegion>> consumers = new HashMap<>();

    RegionFailover(ExecutionGraph graph) {
        this.graph = graph;
        for (PipelinedRegion region : graph.regions()) {
            for (ExecutionVertex producer : region.blockingProducers()) {
                consumers.computeIfAbsent(graph.regionOf(producer), k -> new LinkedHashSet<>()).add(region);
            }
        }
    }

    /** The regions to restart for {@code failedTasks} and the workers lost so far, ordered by region index. */
    Set<PipelinedRegion> regionsToRestart(Collection<ExecutionVertex> failedTasks) {
        Set<PipelinedRegion> result = new TreeSet<>(Comparator.comparingInt(PipelinedRegion::index));
        Deque<PipelinedRegion> work = new ArrayDeque<>();
        for (ExecutionVertex t : failedTasks) {
            add(graph.regionOf(t), result, work);
        }
        for (PipelinedRegion region : graph.regions()) {
            if (!region.isFinished()) {
                addLostProducers(region, result, work);
            }
        }
        while (!work.isEmpty()) {
            PipelinedRegion region = work.removeFirst();
            for (PipelinedRegion consumer : consumers.getOrDefault(region, Set.of())) {
                if (consumer.isDeployed() && !consumer.isFinished()) {
                    add(consumer, result, work);
                }
            }
            addLostProducers(region, result, work);
        }
        return result;
    }

    private void addLostProducers(PipelinedRegion region, Set<PipelinedRegion> result, Deque<PipelinedRegion> work) {
        for (ExecutionVertex producer : region.blockingProducers()) {
            if (producer.isTerminal() && producer.worker().isLost()) {
                add(graph.regionOf(producer), result, work);
            }
        }
    }

    private static void add(PipelinedRegion region, Set<PipelinedRegion> result, Deque<PipelinedRegion> work) {
        if (result.add(region)) {
            work.addLast(region);
        }
    }
}
