package io.eddy.master;

import io.eddy.master.client.ClientRelay;
import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.execution.PipelinedRegion;
import io.eddy.master.failover.JobFailure;
import io.eddy.master.failover.RestartActions;
import io.eddy.master.scheduling.JobScheduler;
import java.util.Set;

/**
 * What a job's {@link io.eddy.master.failover.JobFailover} asks of its {@link JobManager}: the
 * checkpoints choose the regions and the state, the client relay may veto and hears of the
 * restart, the scheduler moves lanes and prepares workers. Main thread only.
 */
final class JobRestartActions implements RestartActions {

    private final JobManager job;
    private final MasterContext ctx;
    private final JobScheduler scheduler;
    private final ClientRelay client;

    JobRestartActions(JobManager job, MasterContext ctx, JobScheduler scheduler, ClientRelay client) {
        this.job = job;
        this.ctx = ctx;
        this.scheduler = scheduler;
        this.client = client;
    }

    @Override
    public Set<PipelinedRegion> regionsToRestart(Set<PipelinedRegion> regions) {
        return job.checkpointing().regionsToRestart(regions);
    }

    @Override
    public String restartVetoOrNull(Set<PipelinedRegion> regions) {
        return client.restartVetoOrNull(regions);
    }

    @Override
    public void restartDecided(String causeSummary) {
        client.progress().restarting(scheduler.executionGraph(), causeSummary, job.checkpointing().restoreDescriptionOrNull());
        job.checkpointing().onRestart(causeSummary);
    }

    @Override
    public boolean moveLostLanes() {
        return scheduler.moveLostLanes();
    }

    @Override
    public int freeSlots() {
        return ctx.registry().freeSlots();
    }

    @Override
    public String describeShortage(int slots) {
        return ctx.describeShortage(slots);
    }

    @Override
    public void prepareNewWorkers(Runnable then) {
        scheduler.prepareWorkers(then);
    }

    @Override
    public void prepareRestore() {
        job.checkpointing().prepareRestore();
    }

    @Override
    public void beforeNewAttempt(ExecutionVertex task) {
        if (job.formats() != null) {
            job.formats().returnInputSplits(task.id().vertex(), task.id().subtask());
        }
    }

    @Override
    public void restarted() {
        job.deployReadyRegions();
    }

    @Override
    public void fail(JobFailure failure) {
        job.startFailing(failure);
    }
}
