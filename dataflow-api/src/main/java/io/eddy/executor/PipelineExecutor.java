package io.eddy.executor;

import io.eddy.jobgraph.JobGraph;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs job graphs somewhere: in this JVM on the embedded cluster, on a multi-process cluster, or
 * on YARN. The API finds an executor through {@link PipelineExecutorFactory}; it never refers to
 * the runtime's classes.
 */
public interface PipelineExecutor {

    /**
     * Submits {@code jobGraph} and returns at once.
     *
     * @param userJars jars holding the job's classes, shipped to the workers; empty when the
     *     classes are already on the workers' class path (the embedded cluster)
     * @param userClassLoader the class loader the job's classes were loaded with on the client
     */
    JobClient submit(JobGraph jobGraph, List<Path> userJars, ClassLoader userClassLoader) throws Exception;
}
