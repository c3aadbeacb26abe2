package io.eddy.master;

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
}
