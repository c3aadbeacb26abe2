package io.eddy.yarn.client;

/**
 * Deploying, finding or stopping an Eddy application on YARN failed. The message is meant for the
 * user: it names the value, the limit or cause, and what to do (e.g. "yarn.container-memory 4096 MB
 * is above the cluster's largest container of 2048 MB (yarn.scheduler.maximum-allocation-mb):
 * lower --container-memory ...").
 */
public final class YarnDeploymentException extends Exception {

    private static final long serialVersionUID = 1L;

    public YarnDeploymentException(String message) {
        super(message);
    }

    public YarnDeploymentException(String message, Throwable cause) {
        super(message, cause);
    }
}
