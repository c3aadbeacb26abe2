package io.eddy.cli;

import io.eddy.configuration.Configuration;
import io.eddy.yarn.client.YarnCluster;
import io.eddy.yarn.client.YarnClusterDeployer;
import io.eddy.yarn.client.YarnDeploymentException;
import io.eddy.yarn.executor.HadoopClientConfiguration;
import java.util.Map;

/**
 * How CLI commands reach YARN: a {@link YarnClusterDeployer} on the Hadoop configuration of
 * {@code -Deddy.hadoop.conf-dir} / {@code HADOOP_CONF_DIR}, with the Eddy settings of the system
 * properties (plus a command's flags), failures turned into {@link CliException}s.
 */
final class YarnClients {

    private YarnClients() {}

    /** The Eddy settings of this process's system properties with {@code overrides} (keys without {@code eddy.}) on top. */
    static Configuration settings(Map<String, String> overrides) {
        return Configuration.fromSystemProperties().merge(new Configuration(overrides));
    }

    /**
     * Connects a deployer.
     *
     * @throws CliException (failure) if the ResourceManager or the file system cannot be reached,
     *     (usage) if the Hadoop configuration directory is wrong
     */
    static YarnClusterDeployer connect(Configuration settings) {
        org.apache.hadoop.conf.Configuration hadoopConf;
        try {
            hadoopConf = HadoopClientConfiguration.load(settings);
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
        try {
            return YarnClusterDeployer.connect(hadoopConf, settings);
        } catch (YarnDeploymentException e) {
            throw CliException.failure(e.getMessage(), e);
        }
    }

    /** The running Eddy application {@code applicationId}, or a failure naming it and what to do. */
    static YarnCluster retrieve(String applicationId) {
        try (YarnClusterDeployer deployer = connect(settings(Map.of()))) {
            return deployer.retrieve(applicationId);
        } catch (YarnDeploymentException e) {
            throw CliException.failure(e.getMessage(), e);
        }
    }
}
