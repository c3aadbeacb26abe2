package io.eddy.master;

import io.eddy.master.execution.ExecutionVertex;
import io.eddy.master.failover.JobFailure;
import io.eddy.master.scheduling.SchedulingActions;
import io.eddy.master.workers.RegisteredWorker;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.runtime.cluster.TaskDeploymentSpec;
import java.util.Optional;

/** What a job's {@link io.eddy.master.scheduling.JobScheduler} asks of its {@link JobManager}. Main thread only. */
final class JobSchedulingActions implements SchedulingActions {

    private final JobManager job;
    private final MasterContext ctx;

    JobSchedulingActions(JobManager job, MasterContext ctx) {
        this.job = job;
        this.ctx = ctx;
    }

    @Override
    public Optional<String> demandSlots() {
        return ctx.demandSlots(job);
    }

    @Override
    public String describeShortage(int slots) {
        return ctx.describeShortage(slots);
    }

    @Override
    public void slotWaitFailed(String message) {
        if (job.status() == JobStatus.CREATED) {
            job.failBeforeRunning(JobFailure.of(new IllegalStateException(message), message));
        }
    }

    @Override
    public TaskDeploymentSpec withRestore(TaskDeploymentSpec spec) {
        return job.iterations().withResume(job.checkpointing().withRestore(spec));
    }

    @Override
    public void prepareFailed(RegisteredWorker worker, Throwable cause) {
        if (job.status() == JobStatus.RUNNING) {
            job.startFailing(JobFailure.of(cause, "The job could not be prepared on " + worker.describeShort() + ": " + cause.getMessage()));
        }
    }

    @Override
    public void deployFailed(ExecutionVertex task, FailureInfo cause) {
        job.onTaskFailed(task, cause);
    }
}
