package io.eddy.yarn.executor;

import io.eddy.configuration.Configuration;
import io.eddy.master.remote.MasterLocator;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeploymentException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Objects;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;

/**
 * Where a YARN application's master serves now, for a client that lost its connection to it
 * (docs/yarn.md, "A client follows its job"): the host and RPC port of the application report once
 * the current AM attempt has registered; the secret is the application's, the same for every
 * attempt (the file {@code <staging>/<appId>/eddy-secret} that {@link YarnClusterDeployer#retrieve}
 * read when the client found the application, kept since).
 *
 * <pre>
 * RUNNING, host and RPC port registered    Serving   "the ApplicationMaster was restarted (attempt 2)" (another address)
 * ACCEPTED / RUNNING, nothing registered   Starting  (YARN starts the next attempt)
 * FINISHED / FAILED / KILLED               Gone      with the final status and the diagnostics
 * </pre>
 *
 * <p>Threads: used by the client's reattach thread only; it connects to the ResourceManager at its
 * first look and keeps that connection until {@link #close()}.
 */
final class YarnMasterLocator implements MasterLocator {

    private static final EnumSet<YarnApplicationState> ENDED = EnumSet.of(YarnApplicationState.FINISHED, YarnApplicationState.FAILED,
            YarnApplicationState.KILLED);

    private final Configuration settings;
    private final YarnCluster cluster;
    /** Connected at the first look; reattach thread only. */
    private YarnClusterDeployer deployer;
    private boolean closed;

    /**
     * @param settings the client's settings (Hadoop configuration, staging directory, {@link YarnClientOptions#REATTACH_TIMEOUT})
     * @param cluster the application as the client first found it (its master's address then, its secret)
     */
    YarnMasterLocator(Configuration settings, YarnCluster cluster) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.cluster = Objects.requireNonNull(cluster, "cluster");
    }

    @Override
    public Duration reattachTimeout() {
        return settings.get(YarnClientOptions.REATTACH_TIMEOUT);
    }

    @Override
    public String reattachTimeoutSetting() {
        return "eddy." + YarnClientOptions.REATTACH_TIMEOUT.key();
    }

    @Override
    public synchronized Location locate() throws IOException {
        if (closed) {
            throw new IOException("The locator of " + cluster.applicationId() + " is closed");
        }
        try {
            if (deployer == null) {
                deployer = YarnClusterDeployer.connect(HadoopClientConfiguration.load(settings), settings);
            }
            return locationOf(deployer.applicationReport(cluster.applicationId()), cluster.master(), cluster);
        } catch (YarnDeploymentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** What {@code report} says of the master of {@code cluster}, whose master the client knew at {@code known}. */
    static Location locationOf(ApplicationReport report, InetSocketAddress known, YarnCluster cluster) {
        String id = cluster.applicationId();
        YarnApplicationState state = report.getYarnApplicationState();
        int attempt = report.getCurrentApplicationAttemptId() == null ? 0 : report.getCurrentApplicationAttemptId().getAttemptId();
        if (ENDED.contains(state)) {
            String diagnostics = report.getDiagnostics() == null ? "" : report.getDiagnostics().trim();
            return new Gone("YARN application " + id + " ended " + state + " with final status " + report.getFinalApplicationStatus()
                    + (diagnostics.isEmpty() ? "" : ": " + diagnostics) + " (logs: yarn logs -applicationId " + id + ")");
        }
        String host = report.getHost();
        if (state == YarnApplicationState.RUNNING && report.getRpcPort() > 0 && host != null && !host.isBlank() && !"N/A".equals(host)) {
            InetSocketAddress address = new InetSocketAddress(host, report.getRpcPort());
            String description = address.equals(known)
                    ? "the ApplicationMaster of " + id + " (attempt " + attempt + ") serves again"
                    : "the ApplicationMaster was restarted (attempt " + attempt + ")";
            return new Serving(address, cluster.secret(), description);
        }
        return new Starting("YARN application " + id + " is " + state + "; its ApplicationMaster attempt " + attempt + " has not registered yet");
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (deployer != null) {
            deployer.close();
            deployer = null;
        }
    }

    @Override
    public String toString() {
        return "YarnMasterLocator{" + cluster.applicationId() + "}";
    }
}
