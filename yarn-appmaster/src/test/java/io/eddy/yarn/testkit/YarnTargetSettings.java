package io.eddy.yarn.testkit;

import io.eddy.configuration.Configuration;
import io.eddy.configuration.MemorySize;
import io.eddy.executor.ExecutionOptions;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.executor.YarnClientOptions;
import io.eddy.yarn.executor.YarnExecutorFactory;
import java.time.Duration;

/**
 * The settings of a program that runs its job on a {@link MiniHadoopCluster} through the {@code
 * yarn} execution target (a per-job application), sized for a small test machine.
 */
public final class YarnTargetSettings {

    /** A staging root every user may read, so the NodeManager caches the shipped jars across applications. */
    public static final String STAGING_ROOT = "/eddy-staging";

    private YarnTargetSettings() {}

    /**
     * The {@code yarn} target on {@code cluster} (found through its {@link MiniHadoopCluster#confDir()}),
     * staging under {@link #STAGING_ROOT}, an application named {@code name} (name it uniquely), an AM
     * of 320 MB and worker containers of 384 MB, and 180 s for the AM to serve; add the containers,
     * slots and the rest a test needs.
     */
    public static Configuration perJob(MiniHadoopCluster cluster, String name) {
        return new Configuration()
                .set(ExecutionOptions.TARGET, YarnExecutorFactory.TARGET)
                .set(YarnClientOptions.HADOOP_CONF_DIR, cluster.confDir().toString())
                .set(YarnOptions.STAGING_DIR, STAGING_ROOT)
                .set(YarnOptions.NAME, name)
                .set(YarnOptions.AM_MEMORY, MemorySize.parse("320m"))
                .set(YarnOptions.CONTAINER_MEMORY, MemorySize.parse("384m"))
                .set(YarnOptions.DEPLOY_TIMEOUT, Duration.ofSeconds(180));
    }
}
