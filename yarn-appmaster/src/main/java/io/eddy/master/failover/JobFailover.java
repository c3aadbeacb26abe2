package io.eddy.master.failover;

import io.eddy.jobgraph.JobId;
import io.eddy.master.concurrent.JobTimers;
import io.eddy.master.execution.ExecutionGraph;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.master.execution.TaskTracker;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The failover of one running job (docs/failover.md): on a failed task or a lost worker it asks the
 * job's {@link RestartStrategy}; if a restart is allowed, {@link RegionFailover} names the regions
 * to run again, their running tasks are cancelled, and once all of them have ended and the
 * strategy's delay has passed, lanes of lost workers move to free slots of other workers, the
 * regions' tasks start new attempts and the job deploys them. Otherwise the job fails with its
 * first failure as the root cause. The steps are the {@link RestartPhase}s; a failure while a
 * restart is pending joins it without being counted again (it is often a consequence of the first:
 * a task cancelled, or a reader of a lost worker's result that failed before the master heard of
 * the loss).
 *
 * <p>Threads: every method runs on the master's main thread, which owns all fields; the timers of
 * {@link JobTimers} run there too.
 */
public final class JobFailover {

    private static final Logger LOG = LoggerFactory.getLogger(JobFailover.class);

    private final JobId job;
    private final RestartStrategy strategy;
    private final ExecutionGraph graph;
    private final RegionFailover regionFailover;
    private final TaskTracker tasks;
    private final FailoverSettings settings;
    private final RestartActions actions;

    private RestartPhase phase = RestartPhase.RUNNING;
    /** The regions waiting to run again: empty in RUNNING and STOPPED. */
    private final Set<PipelinedRegion> restarting = new LinkedHashSet<>();
    /** When the pending restart may run at the earliest (the strategy's delay after its failure). */
    private long restartNotBefore;
    /** The pending restart's one timer: the cancel timeout, the delay or the slot wait, by phase; null if none. */
    private JobTimers.Cancellable timer;
    private JobFailure firstFailure;
    private int restarts;

    public JobFailover(RestartStrategy strategy, ExecutionGraph graph, TaskTracker tasks, FailoverSettings settings,
            RestartActions actions) {
        this.job = graph.jobGraph().jobId();
        this.strategy = strategy;
        this.graph = graph;
        this.regionFailover = new RegionFailover(graph);
        this.tasks = tasks;
        this.settings = settings;
        this.actions = actions;
    }

    public RestartPhase phase() {
        return phase;
    }

    /** Whether a restart waits for cancellations, its delay, slots or preparations (no region is deployed meanwhile). */
    public boolean isRestartPending() {
        return phase != RestartPhase.RUNNING && phase != RestartPhase.STOPPED;
    }

    /** How many restarts were decided so far. */
    public int restarts() {
        return restarts;
    }

    /**
     * Restarts what {@code failedTasks} (and lost workers) need if the restart strategy allows it,
     * else fails the job; joins a pending restart. Call in RUNNING or while a restart is pending.
     *
     * @param lanesLost whether lanes with work left lost their worker (they must move even if no region restarts)
     */
    public void onFailure(List<ExecutionVertex> failedTasks, JobFailure cause, boolean lanesLost) {
        if (phase == RestartPhase.STOPPED) {
            throw new IllegalStateException("Bug: job " + job + " heard of a failure after its failover stopped: " + cause.summary());
        }
        Set<PipelinedRegion> regions = actions.regionsToRestart(regionFailover.regionsToRestart(failedTasks));
        if (isRestartPending()) {
            LOG.info("Job {}: {}; joins the pending restart{}", job, cause.summary(),
                    restarting.containsAll(regions) ? "" : " with region(s) " + regions.stream().map(PipelinedRegion::index).toList());
            addToRestart(regions);
            checkRestartReady();
            return;
        }
        if (regions.isEmpty() && !lanesLost) {
            LOG.info("Job {}: {}; no task left needs what was lost, nothing to restart", job, cause.summary());
            return;
        }
        if (firstFailure == null) {
            firstFailure = cause;
        }
        RestartStrategy.Decision decision = strategy.onFailure(settings.timers().now());
        String veto = actions.restartVetoOrNull(regions);
        if (decision.restart() && veto != null) {
            decision = RestartStrategy.Decision.fail(veto);
        }
        if (!decision.restart()) {
            actions.fail(finalFailure(cause, decision.reason()));
            return;
        }
        restarts++;
        actions.restartDecided(cause.summary());
        if (phase == RestartPhase.STOPPED) {
            return; // hearing of the restart ended the job (e.g. an aborted savepoint's caller cancelled it)
        }
        LOG.warn("Job {}: {}; restarting {} region(s) {} in {} ms ({}, {})", job, cause.summary(), regions.size(),
                regions.stream().map(PipelinedRegion::index).toList(), decision.delay().toMillis(), strategy, decision.reason());
        moveTo(RestartPhase.CANCELLING_TASKS);
        restartNotBefore = settings.timers().now() + decision.delay().toMillis();
        addToRestart(regions);
        timer = settings.timers().schedule(this::onCancelTimeout, settings.cancelTimeout().toMillis());
        checkRestartReady();
    }

    private void addToRestart(Set<PipelinedRegion> regions) {
        for (PipelinedRegion region : regions) {
            if (restarting.add(region)) {
                for (ExecutionVertex t : region.tasks()) {
                    tasks.cancel(t, true);
                }
            }
        }
    }

    /** The job's failure once no restart is left: the first failure is the root cause; the summary adds what ended the job. */
    private JobFailure finalFailure(JobFailure latest, String reason) {
        if (restarts == 0) {
            return strategy.isNone() ? latest : new JobFailure(latest.cause(), latest.summary() + " (not restarted: " + reason + ")");
        }
        return new JobFailure(firstFailure.cause(), firstFailure.summary() + "; after " + restarts + " restart(s) the job failed again and"
                + " was not restarted (" + reason + "): " + latest.summary());
    }

    /** A task ended: in CANCELLING_TASKS, once every task of the regions to restart has ended, the restart's delay starts. */
    public void checkRestartReady() {
        if (phase != RestartPhase.CANCELLING_TASKS || !allEnded()) {
            return;
        }
        cancelTimer();
        moveTo(RestartPhase.WAITING_DELAY);
        timer = settings.timers().schedule(this::restart, Math.max(0, restartNotBefore - settings.timers().now()));
    }

    private boolean allEnded() {
        return restarting.stream().allMatch(r -> r.tasks().stream().allMatch(ExecutionVertex::isTerminal));
    }

    private void onCancelTimeout() {
        timer = null;
        if (phase != RestartPhase.CANCELLING_TASKS) {
            return;
        }
        List<String> stuck = restarting.stream().flatMap(r -> r.tasks().stream()).filter(t -> !t.isTerminal())
                .map(ExecutionVertex::toString).toList();
        String message = stuck.size() + " task(s) did not confirm their cancellation within " + settings.cancelTimeout()
                + ", so they cannot be restarted: " + stuck + " (raise " + settings.cancelTimeoutKey() + " if tasks take long to cancel)";
        actions.fail(finalFailure(JobFailure.of(new IllegalStateException(message), message), "cancellation timed out"));
    }

    /** The delay has passed (or slots were freed): moves lanes of lost workers, prepares workers new to the job, then redeploys. */
    private void restart() {
        timer = null;
        if (phase != RestartPhase.WAITING_DELAY && phase != RestartPhase.WAITING_FOR_SLOTS) {
            return;
        }
        if (!actions.moveLostLanes()) {
            int lost = graph.lostLanes().size();
            LOG.info("Job {}: waiting up to {} for {} free slot(s) to replace lanes of lost workers ({})", job,
                    settings.slotWaitTimeout(), lost, actions.describeShortage(lost));
            if (phase != RestartPhase.WAITING_FOR_SLOTS) {
                moveTo(RestartPhase.WAITING_FOR_SLOTS);
            }
            timer = settings.timers().schedule(this::onReplacementSlotTimeout, settings.slotWaitTimeout().toMillis());
            return;
        }
        moveTo(RestartPhase.RESTARTING);
        actions.prepareNewWorkers(this::redeploy);
    }

    /** Slots were freed or a worker registered: a restart waiting for slots for lanes of lost workers goes on if enough are free. */
    public void onSlotsAvailable() {
        if (phase == RestartPhase.WAITING_FOR_SLOTS && actions.freeSlots() >= graph.lostLanes().size()) {
            cancelTimer();
            restart();
        }
    }

    private void onReplacementSlotTimeout() {
        timer = null;
        if (phase == RestartPhase.WAITING_FOR_SLOTS) {
            String message = "Lanes of lost workers could not be replaced: " + actions.describeShortage(graph.lostLanes().size());
            actions.fail(finalFailure(JobFailure.of(new IllegalStateException(message), message), "no free slots"));
        }
    }

    /** Starts new attempts of the regions to restart and has the job deploy what is ready. */
    private void redeploy() {
        if (phase != RestartPhase.RESTARTING) {
            return;
        }
        boolean ready = allEnded();
        if (!ready || !graph.lostLanes().isEmpty()) {
            moveTo(RestartPhase.CANCELLING_TASKS);
            if (!ready && timer == null) {
                timer = settings.timers().schedule(this::onCancelTimeout, settings.cancelTimeout().toMillis());
            }
            checkRestartReady();
            return;
        }
        try {
            actions.prepareRestore();
        } catch (RuntimeException e) {
            actions.fail(finalFailure(JobFailure.of(e, e.getMessage()), "its state cannot be restored"));
            return;
        }
        for (PipelinedRegion region : restarting) {
            region.resetForRestart();
            for (ExecutionVertex t : region.tasks()) {
                actions.beforeNewAttempt(t);
                t.resetForRestart(graph.laneWorker(t.id().subtask()));
            }
        }
        LOG.info("Job {}: restart {}: new attempts of {} region(s)", job, restarts, restarting.size());
        restarting.clear();
        moveTo(RestartPhase.RUNNING);
        actions.restarted();
    }

    /** The job fails, is cancelled or has ended: a pending restart is dropped and no other starts. Idempotent. */
    public void stop() {
        restarting.clear();
        cancelTimer();
        if (phase != RestartPhase.STOPPED) {
            moveTo(RestartPhase.STOPPED);
        }
    }

    private void moveTo(RestartPhase next) {
        phase = phase.checkMoveTo(next);
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }
}
