package io.eddy.master.remote;

import io.eddy.executor.JobExecutionException;
import io.eddy.jobgraph.JobId;
import io.eddy.master.remote.MasterLocator.Gone;
import io.eddy.master.remote.MasterLocator.Location;
import io.eddy.master.remote.MasterLocator.Serving;
import io.eddy.master.remote.MasterLocator.Starting;
import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.RpcRemoteException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The way back to a job after its client lost the connection to the master: asks the {@link
 * MasterLocator} where the master is, every {@link #POLL_INTERVAL}, and attaches to the job there.
 *
 * <pre>
 * Starting, a failed look, a master that cannot be reached  ─▶ look again, until the locator's reattach timeout
 * Serving and the master attaches the client to the job     ─▶ done: the client follows the job there
 * Serving but the master does not know the job              ─▶ fail: the job was not recovered there
 * Serving but the master refuses the attach (an error)      ─▶ fail with its reason
 * Gone                                                      ─▶ fail with the locator's reason (e.g. the final status)
 * </pre>
 *
 * <p>Threads: {@link #reattach} blocks the calling thread (the client's reattach thread) and
 * returns when interrupted with {@link InterruptedException}. Time is injected for tests.
 */
final class JobReattachment {

    private static final Logger LOG = LoggerFactory.getLogger(JobReattachment.class);

    /** How often the locator is asked (the YARN ResourceManager offers no notification of a new attempt). */
    static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    /** Connects to a master and attaches a client to the job there. */
    @FunctionalInterface
    interface Attacher<C> {
        /**
         * @return the connection, attached to the job; empty when the master does not know the job
         *     (the attacher closed the connection then)
         * @throws RpcRemoteException if the master refused the attach
         * @throws IOException if the master cannot be reached or did not answer (tried again)
         */
        Optional<C> attach(Serving master) throws IOException, InterruptedException;
    }

    /** Waits for a duration; {@code Thread::sleep} outside tests. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    /** The client follows its job over {@code connection} to the master {@code master}. */
    record Reattached<C>(C connection, Serving master) {}

    private JobReattachment() {}

    /**
     * Finds the master of {@code job} again and attaches to the job there (see the class comment).
     *
     * @param lost the address of the master whose connection was lost
     * @throws JobExecutionException naming {@code lost} and why the client cannot follow the job
     * @throws InterruptedException if interrupted while waiting (the client stopped following)
     */
    static <C> Reattached<C> reattach(JobId job, InetSocketAddress lost, MasterLocator locator, Attacher<C> attacher, Clock clock,
            Sleeper sleeper) throws JobExecutionException, InterruptedException {
        String lostText = "lost the connection to the master at " + HostPort.format(lost) + " before the job ended";
        long deadline = clock.millis() + locator.reattachTimeout().toMillis();
        String lastSeen = "nothing yet";
        while (true) {
            Location location;
            try {
                location = locator.locate();
            } catch (IOException e) {
                location = null;
                lastSeen = "cannot find the master: " + e.getMessage();
                LOG.debug("Job {}: {}", job, lastSeen, e);
            }
            if (location instanceof Gone gone) {
                throw new JobExecutionException(job, lostText + ", and no master will serve it again: " + gone.reason(), null);
            }
            if (location instanceof Starting starting) {
                lastSeen = starting.state();
            }
            if (location instanceof Serving serving) {
                Optional<C> attached;
                try {
                    attached = attacher.attach(serving);
                } catch (RpcRemoteException e) {
                    throw new JobExecutionException(job, lostText + "; " + serving.description() + ", but the master at "
                            + HostPort.format(serving.address()) + " refused to let this client follow the job: " + e.remoteMessage(), e);
                } catch (IOException e) {
                    attached = null;
                    lastSeen = serving.description() + ", but the master at " + HostPort.format(serving.address()) + " cannot be reached: "
                            + e.getMessage();
                    LOG.debug("Job {}: {}", job, lastSeen, e);
                }
                if (attached != null && attached.isEmpty()) {
                    throw new JobExecutionException(job, lostText + "; " + serving.description() + ", but the master at "
                            + HostPort.format(serving.address()) + " does not know the job: it was not recovered there (see the master's"
                            + " log); the job's state is unknown", null);
                }
                if (attached != null) {
                    return new Reattached<>(attached.get(), serving);
                }
            }
            if (clock.millis() >= deadline) {
                throw new JobExecutionException(job, lostText + ", and the master did not serve the job again within "
                        + locator.reattachTimeout().toSeconds() + " s (" + locator.reattachTimeoutSetting() + "); last seen: " + lastSeen
                        + ". The job's state is unknown", null);
            }
            sleeper.sleep(POLL_INTERVAL);
        }
    }
}
