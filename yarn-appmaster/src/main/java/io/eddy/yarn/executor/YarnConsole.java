package io.eddy.yarn.executor;

import io.eddy.jobgraph.JobGraph;
import io.eddy.master.web.MasterWebServer;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import java.io.IOException;
import java.io.PrintStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the YARN targets tell the user. The lines go to the console stream the factories pass
 * ({@code System.err}, so a program's own output on {@code System.out} stays clean) and to the log.
 * Scripts find the id with {@code grep -o 'application_[0-9_]*'} on the line starting with
 * {@value #SUBMITTED_PREFIX}.
 */
final class YarnConsole {

    /** The start of the line naming the application a job went to; followed by the application id. */
    static final String SUBMITTED_PREFIX = "Submitted to YARN as ";

    private static final Logger LOG = LoggerFactory.getLogger(YarnConsole.class);

    private YarnConsole() {}

    /** Names the application {@code what} went to, its tracking URL, where its logs are, and its dashboard's action token. */
    static void announce(PrintStream console, YarnCluster cluster, String what) {
        String id = cluster.applicationId();
        LOG.info("{} submitted to YARN as {} (master {}, tracking URL {})", what, id, cluster.master(), cluster.trackingUrl());
        console.println(SUBMITTED_PREFIX + id + ": " + what
                + (cluster.trackingUrl().isEmpty() ? "" : "; tracking URL " + cluster.trackingUrl())
                + "; logs: yarn logs -applicationId " + id);
        console.println("Dashboard action token (cancel, savepoint): " + MasterWebServer.actionToken(cluster.secret())
                + (cluster.trackingUrl().isEmpty() ? "" : "; dashboard at " + cluster.trackingUrl() + "dashboard/"));
        console.flush();
    }

    /** Says that the client no longer follows the job and how to reach it. */
    static void detached(PrintStream console, YarnCluster cluster, JobGraph jobGraph) {
        String id = cluster.applicationId();
        console.println("Job " + jobGraph.jobId() + " accepted by " + id + "; detached: list it with 'eddy list --target yarn:" + id
                + "', cancel it with 'eddy cancel --target yarn:" + id + " " + jobGraph.jobId() + "'");
        console.flush();
    }

    /**
     * Kills the per-job application after the job could not be submitted to it, and returns the
     * exception to throw: the submission's failure, naming the application and the kill.
     */
    static Exception killAfterFailedSubmission(YarnClusterDeployer deployer, YarnCluster cluster, JobGraph jobGraph, Exception failure) {
        String id = cluster.applicationId();
        String killed;
        try {
            deployer.kill(id);
            killed = "the application was killed";
        } catch (Exception e) {
            failure.addSuppressed(e);
            killed = "killing the application failed too (" + e.getMessage() + "): kill it with 'yarn application -kill " + id + "'";
        }
        if (failure instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        LOG.warn("Job {} could not be submitted to YARN application {}; {}", jobGraph.jobId(), id, killed, failure);
        return new IOException("Job '" + jobGraph.name() + "' (" + jobGraph.jobId() + ") could not be submitted to its YARN application " + id
                + ": " + failure.getMessage() + "; " + killed, failure);
    }
}
