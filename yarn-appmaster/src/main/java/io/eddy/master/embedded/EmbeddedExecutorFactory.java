package io.eddy.master.embedded;

import io.eddy.configuration.Configuration;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;

/**
 * The {@code embedded} execution target: each job runs on its own {@link LocalCluster} in this JVM,
 * started for the job and stopped when it ends. Registered in {@code
 * META-INF/services/io.eddy.executor.PipelineExecutorFactory}.
 */
public final class EmbeddedExecutorFactory implements PipelineExecutorFactory {

    public static final String TARGET = "embedded";

    @Override
    public String target() {
        return TARGET;
    }

    @Override
    public PipelineExecutor create(Configuration configuration) {
        return new EmbeddedExecutor(configuration);
    }
}
