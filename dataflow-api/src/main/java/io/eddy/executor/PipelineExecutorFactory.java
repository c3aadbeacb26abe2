package io.eddy.executor;

import io.eddy.configuration.Configuration;

/**
 * Creates {@link PipelineExecutor}s for one execution target. Implementations are registered as
 * {@code java.util.ServiceLoader} services in {@code META-INF/services/io.eddy.executor.PipelineExecutorFactory}.
 */
public interface PipelineExecutorFactory {

    /** The target name this factory serves, the value of {@link ExecutionOptions#TARGET}: e.g. {@code embedded}, {@code remote}. */
    String target();

    PipelineExecutor create(Configuration configuration) throws Exception;
}
