package io.eddy.master;

import java.time.Clock;
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
}
