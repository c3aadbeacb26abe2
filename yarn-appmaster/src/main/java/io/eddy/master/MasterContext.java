package io.eddy.master;

import io.eddy.master.failover.FailoverSettings;
import io.eddy.master.concurrent.JobTimers;
import io.eddy.master.scheduling.JobScheduler;
import io.eddy.master.workers.WorkerRegistry;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

/** What a {@link JobManager} uses of its master. All of it is used from the master's main thread. */
interface MasterContext {

    /** The master's main thread: every state change of the master and its jobs runs on it. */
    ScheduledExecutorService mainThread();

    WorkerRegistry registry();

    MasterConfig config();

    Clock clock();

    /** A job has ended and released its slots. */
    void jobEnded(JobManager job);

    /**
     * Tells the master's {@link WorkerSupply} that {@code waiting} cannot get its slots now (with the
     * demand of every other job); empty if they may still come, else why they never will.
     */
    Optional<String> demandSlots(JobManager waiting);

    /** Why {@code needed} slots cannot be had now, and what to do about it. */
    String describeShortage(int needed);

    /** What every job's scheduler shares with the master. */
    default JobScheduler.Services schedulerServices() {
        return new JobScheduler.Services(mainThread(), registry(), config().slotWaitTimeout());
    }

    /** The timers (on the main thread) and time limits of every job's failover. */
    default FailoverSettings failoverSettings() {
        return new FailoverSettings(JobTimers.on(mainThread(), clock()), config().cancelTimeout(), MasterOptions.CANCEL_TIMEOUT.key(),
                config().slotWaitTimeout());
    }
}
