package io.eddy.master.remote;

import io.eddy.configuration.ConfigOption;
import java.time.Duration;

/**
 * Options of remote execution and of the cluster processes, set as system properties with the
 * prefix {@code eddy.} (e.g. {@code -Deddy.cluster.secret-file=.eddy/cluster/secret}); {@code eddy
 * run} sets them.
 */
public final class RemoteOptions {

    public static final ConfigOption<String> SECRET_FILE = ConfigOption.of("cluster.secret-file", String.class, null,
            "File holding the cluster secret that authenticates a client to the master ('remote' target). Written by "
                    + "'eddy cluster start' to DIR/secret; if unset, the environment variable EDDY_CLUSTER_SECRET is used.");

    public static final ConfigOption<Duration> CONNECT_TIMEOUT = ConfigOption.of("cluster.connect-timeout", Duration.class,
            Duration.ofSeconds(30), "How long a client tries to reach the master (and finish the authentication handshake) before the submission fails.");

    public static final ConfigOption<Integer> COLLECT_QUEUE_CAPACITY = ConfigOption.of("client.collect-queue-capacity", Integer.class, 16,
            "Batches of one collect stream the client buffers before the collect sink on the cluster has to wait (back pressure).");

    private RemoteOptions() {}
}
