package io.eddy.optimizer;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.configuration.Configuration;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Test executor for target {@value #TARGET}: keeps the last submitted job graph and reports the
 * job finished at once. Registered through {@code META-INF/services} in the test resources.
 */
public final class CapturingExecutorFactory implements PipelineExecutorFactory {

    static final String TARGET = "optimizer-test-capture";

    /** The last submitted graph; tests of this module run in one JVM thread at a time. */
    static final AtomicReference<JobGraph> LAST = new AtomicReference<>();

    @Override
    public String target() {
        return TARGET;
    }

    @Override
    public PipelineExecutor create(Configuration configuration) {
        return (jobGraph, userJars, userClassLoader) -> {
            LAST.set(jobGraph);
            return new JobClient() {
                @Override
                public JobId getJobId() {
                    return jobGraph.jobId();
                }

                @Override
                public CompletableFuture<JobExecutionResult> getJobResult() {
                    return CompletableFuture.completedFuture(null);
                }

                @Override
                public java.util.concurrent.CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> getJobDetails() {
                    return java.util.concurrent.CompletableFuture.completedFuture(java.util.Optional.empty());
                }

                @Override
                public void cancel() {}

                @Override
                public CollectStream openCollectStream(String collectId) {
                    throw new UnsupportedOperationException("the capturing test executor runs nothing");
                }
            };
        };
    }
}
