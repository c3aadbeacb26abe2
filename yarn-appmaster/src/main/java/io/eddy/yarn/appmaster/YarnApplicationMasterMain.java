package io.eddy.yarn.appmaster;

import io.eddy.yarn.client.StagingLayout;
import java.nio.file.Path;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The entry point of the Eddy ApplicationMaster's container (docs/yarn.md, "Contracts"): started
 * by the NodeManager with the launch context {@code YarnClusterDeployer} built, it reads {@code
 * eddy-conf.properties} and {@code eddy-secret} from its working directory, {@code
 * EDDY_YARN_APP_DIR}, {@code NM_HOST} and {@code CONTAINER_ID} from its environment, and the
 * client's Hadoop configuration from {@code core-site.xml} on its class path; then runs {@link
 * YarnApplicationMaster} until the application ends.
 *
 * <p>Exit codes: 0 once unregistered; 1 when it could not unregister (YARN then counts the attempt
 * as failed and may start another); 2 when not started by a NodeManager.
 */
public final class YarnApplicationMasterMain {

    private static final Logger LOG = LoggerFactory.getLogger(YarnApplicationMasterMain.class);

    private YarnApplicationMasterMain() {}

    /**
     * The client's Hadoop configuration: {@code core-site.xml} of the working directory added
     * explicitly, last, because {@code yarn-default.xml} (loaded after {@code core-site.xml} as a
     * default resource) would otherwise hide its YARN settings, e.g. the scheduler's address.
     */
    static YarnConfiguration clientConfiguration(Path workingDirectory) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.addResource(new org.apache.hadoop.fs.Path(workingDirectory.resolve(StagingLayout.HADOOP_CONF_FILE).toUri()));
        return conf;
    }

    public static void main(String[] args) {
        AmEnvironment env;
        try {
            env = AmEnvironment.of(System.getenv(), Path.of("").toAbsolutePath());
        } catch (IllegalStateException e) {
            System.err.println("eddy-am: " + e.getMessage());
            LOG.error("{}", e.getMessage());
            System.exit(2);
            return;
        }
        int code = new YarnApplicationMaster(env, clientConfiguration(env.workingDirectory())).run();
        LOG.info("ApplicationMaster exits with {}", code);
        System.exit(code);
    }
}
