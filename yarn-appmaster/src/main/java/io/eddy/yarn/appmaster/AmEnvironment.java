package io.eddy.yarn.appmaster;

import io.eddy.yarn.client.StagingLayout;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.ContainerId;

/**
 * What the NodeManager and the client tell the ApplicationMaster's process through its
 * environment and working directory.
 *
 * @param workingDirectory the container's directory, holding the local resources ({@code eddy-secret}, {@code eddy-conf.properties}, ...)
 * @param applicationDirectory the qualified staging directory {@code <staging>/<appId>} ({@code EDDY_YARN_APP_DIR})
 * @param nodeHost the host of the AM's NodeManager ({@code NM_HOST}), which workers and clients reach
 * @param containerId the AM's container ({@code CONTAINER_ID}), naming the application and the attempt
 */
record AmEnvironment(Path workingDirectory, String applicationDirectory, String nodeHost, ContainerId containerId) {

    static AmEnvironment of(Map<String, String> environment, Path workingDirectory) {
        String appDir = required(environment, StagingLayout.APP_DIR_ENVIRONMENT_VARIABLE);
        String host = required(environment, Environment.NM_HOST.name());
        String container = required(environment, Environment.CONTAINER_ID.name());
        try {
            return new AmEnvironment(workingDirectory, appDir, host, ContainerId.fromString(container));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(Environment.CONTAINER_ID.name() + "='" + container + "' is not a container id: "
                    + "this process must be started by a YARN NodeManager", e);
        }
    }

    private static String required(Map<String, String> environment, String name) {
        String value = environment.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("The environment variable " + name + " is not set: the ApplicationMaster runs only in the container "
                    + "the Eddy YARN client launches (YarnClusterDeployer)");
        }
        return value;
    }

    /** The application attempt, from 1. */
    int attempt() {
        return containerId.getApplicationAttemptId().getAttemptId();
    }

    String applicationId() {
        return containerId.getApplicationAttemptId().getApplicationId().toString();
    }
}
