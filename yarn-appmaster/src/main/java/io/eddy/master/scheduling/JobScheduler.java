package io.eddy.master.scheduling;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.master.concurrent.Futures;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.master.execution.TaskTracker;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.master.workers.SlotAssignment;
import io.eddy.master.workers.WorkerRegistry;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobArtifacts;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts one job on the cluster: waits (bounded) for its slots, builds its execution graph on them,
 * prepares the job on the workers, and deploys its pipelined regions ({@link PipelinedRegion}):
 * regions without blocking inputs first (a streaming job is one region, so all its tasks go at
 * once), each further region once every producer of its blocking inputs has FINISHED. The job keeps
 * the slots it took at the start, and a region's subtask i runs in lane i; a restart moves lanes of
 * lost workers to free slots of other workers ({@link #moveLostLanes}).
 *
 * <p>The scheduler deploys when told to; whether the job may deploy now (it runs, and no restart is
 * pending) is its job manager's decision.
 *
 * <p>Threads: every method runs on the master's main thread, which owns all fields; callbacks of
 * worker futures hop back onto it.
 */
public final class JobScheduler {

    private static final Logger LOG = LoggerFactory.getLogger(JobScheduler.class);

    /**
     * What every job's scheduler shares with its master.
     *
     * @param mainThread the master's main thread
     * @param registry the master's workers and their free slots
     * @param slotWaitTimeout how long a job waits for slots
     */
    public record Services(ScheduledExecutorService mainThread, WorkerRegistry registry, Duration slotWaitTimeout) {
    }

    private final JobGraph graph;
    private final JobArtifacts artifacts;
    private final int requiredSlots;
    private final Services services;
    private final TaskTracker tasks;
    private final SchedulingActions actions;

    /** The job's slots once allocated, else null. */
    private SlotAssignment slots;
    private ExecutionGraph executionGraph;
    /** The slot wait timeout while the job waits for its slots. */
    private ScheduledFuture<?> slotWait;
    /** The workers that prepared (or are preparing) the job. */
    private final Set<RegisteredWorker> preparedWorkers = new HashSet<>();

    public JobScheduler(JobGraph graph, JobArtifacts artifacts, Services services, TaskTracker tasks, SchedulingActions actions) {
        this.graph = graph;
        this.artifacts = artifacts;
        this.requiredSlots = ExecutionGraph.requiredSlots(graph);
        this.services = services;
        this.tasks = tasks;
        this.actions = actions;
    }

    private JobId id() {
        return graph.jobId();
    }

    /** The slots the job takes while it runs. */
    public int requiredSlots() {
        return requiredSlots;
    }

    /** The execution graph once the slots are allocated, else null. */
    public ExecutionGraph executionGraph() {
        return executionGraph;
    }

    /**
     * Asks the worker supply for the job's slots (after {@link #tryAllocateSlots} found too few): the
     * job fails at once if they never come, else when the slot wait timeout passes before they do.
     */
    public void awaitSlots() {
        Optional<String> never = actions.demandSlots();
        if (never.isPresent()) {
            actions.slotWaitFailed(never.get());
            return;
        }
        LOG.info("Job {}: waiting up to {} for {} free slots ({})", id(), services.slotWaitTimeout(), requiredSlots,
                actions.describeShortage(requiredSlots));
        slotWait = services.mainThread().schedule(() -> actions.slotWaitFailed(actions.describeShortage(requiredSlots)),
                services.slotWaitTimeout().toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Takes the slots if enough are free and builds the execution graph on them; null (nothing taken) if too few are free. */
    public ExecutionGraph tryAllocateSlots() {
        if (slots != null) {
            throw new IllegalStateException("Bug: job " + id() + " allocates its slots twice");
        }
        slots = services.registry().allocate(requiredSlots);
        if (slots == null) {
            return null;
        }
        cancelSlotWait();
        executionGraph = ExecutionGraph.build(graph, slots, 0);
        return executionGraph;
    }

    /**
     * Prepares the job on every live worker of the execution graph that has not prepared it yet, then
     * runs {@code then} on the main thread; {@code then} does not run if a preparation failed ({@link
     * SchedulingActions#prepareFailed} hears of it).
     */
    public void prepareWorkers(Runnable then) {
        List<CompletableFuture<Void>> preparing = new ArrayList<>();
        for (RegisteredWorker w : executionGraph.involvedWorkers()) {
            if (!w.isLost() && preparedWorkers.add(w)) {
                preparing.add(w.gateway().prepareJob(artifacts).whenCompleteAsync((v, e) -> {
                    if (e != null) {
                        actions.prepareFailed(w, Futures.unwrap(e));
                    }
                }, services.mainThread()));
            }
        }
        CompletableFuture.allOf(preparing.toArray(new CompletableFuture<?>[0])).thenRunAsync(then, services.mainThread());
    }

    /** Deploys every region not deployed yet whose blocking inputs are all complete. */
    public void deployReadyRegions() {
        for (PipelinedRegion region : executionGraph.regions()) {
            if (region.isReadyToDeploy()) {
                deployRegion(region);
            }
        }
    }

    private void deployRegion(PipelinedRegion region) {
        region.markDeployed();
        Set<RegisteredWorker> workers = new LinkedHashSet<>();
        for (ExecutionVertex task : region.tasks()) {
            TaskDeploymentSpec spec = actions.withRestore(executionGraph.prepareDeployment(task));
            tasks.deploying(task);
            workers.add(task.worker());
            var attempt = task.id();
            task.worker().gateway().deployTask(spec).whenCompleteAsync((v, e) -> {
                if (e != null && task.id().equals(attempt)) {
                    actions.deployFailed(task, FailureInfo.of(Futures.unwrap(e)));
                }
            }, services.mainThread());
        }
        LOG.info("Job {}: deployed {} of {} on {} worker(s)", id(), region, executionGraph.regions().size() == 1 ? "the job's only region"
                : executionGraph.regions().size() + " regions", workers.size());
    }

    /** Gives every lane whose worker was lost a free slot of another worker; false (nothing moved) if there are too few. */
    public boolean moveLostLanes() {
        List<Integer> lost = executionGraph.lostLanes();
        if (lost.isEmpty()) {
            return true;
        }
        SlotAssignment replacement = services.registry().allocate(lost.size());
        if (replacement == null) {
            return false;
        }
        SlotAssignment moved = slots.withLanesReplaced(lost, replacement);
        LOG.info("Job {}: lane(s) {} of lost workers move to {}", id(), lost, lost.stream().map(l -> moved.workerOf(l).describeShort()).toList());
        slots = moved;
        executionGraph.moveLanes(moved);
        return true;
    }

    /** The job has ended: stops waiting for slots, gives its slots back and tells its live workers to release it. */
    public void release() {
        cancelSlotWait();
        if (slots == null) {
            return;
        }
        services.registry().release(slots);
        for (RegisteredWorker w : executionGraph.involvedWorkers()) {
            if (!w.isLost()) {
                w.gateway().releaseJob(id());
            }
        }
    }

    private void cancelSlotWait() {
        if (slotWait != null) {
            slotWait.cancel(false);
            slotWait = null;
        }
    }

}
