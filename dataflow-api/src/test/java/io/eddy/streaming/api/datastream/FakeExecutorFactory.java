package io.eddy.streaming.api.datastream;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.configuration.Configuration;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import io.eddy.executor.PipelineExecutor;
import io.eddy.executor.PipelineExecutorFactory;
import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.streaming.api.datastream.ExecuteTest;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * An executor for API tests (target {@value #TARGET}), registered only through the class loader
 * {@link ExecuteTest} installs: it records the submitted job graph and plays back scripted
 * collect batches and a scripted result. Test-only static state, reset by each test.
 */
public final class FakeExecutorFactory implements PipelineExecutorFactory {

    static final String TARGET = "api-test-fake";

    static volatile JobGraph submitted;
    static volatile List<Path> submittedJars;
    static volatile List<byte[]> batches = List.of();
    /** Thrown by the collect stream after the batches, if not null, and the job result's failure. */
    static volatile JobExecutionException failure;
    static volatile boolean streamClosed;
    static volatile boolean cancelled;

    static void reset() {
        submitted = null;
        submittedJars = null;
        batches = List.of();
        failure = null;
        streamClosed = false;
        cancelled = false;
    }

    @Override
    public String target() {
        return TARGET;
    }

    @Override
    public PipelineExecutor create(Configuration configuration) {
        return (jobGraph, userJars, userClassLoader) -> {
            submitted = jobGraph;
            submittedJars = userJars;
            return new FakeClient(jobGraph.jobId());
        };
    }

    private static final class FakeClient implements JobClient {
        private final JobId id;

        FakeClient(JobId id) {
            this.id = id;
        }

        @Override
        public JobId getJobId() {
            return id;
        }

        @Override
        public CompletableFuture<JobExecutionResult> getJobResult() {
            if (failure != null) {
                return CompletableFuture.failedFuture(failure);
            }
            return CompletableFuture.completedFuture(new JobExecutionResult(id, 7, Map.of()));
        }

        @Override
        public java.util.concurrent.CompletableFuture<java.util.Optional<io.eddy.executor.JobDetails>> getJobDetails() {
            return java.util.concurrent.CompletableFuture.completedFuture(java.util.Optional.empty());
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        @Override
        public CollectStream openCollectStream(String collectId) {
            ArrayDeque<byte[]> queue = new ArrayDeque<>(batches);
            return new CollectStream() {
                @Override
                public byte[] nextBatch() throws JobExecutionException {
                    if (!queue.isEmpty()) {
                        return queue.poll();
                    }
                    if (failure != null) {
                        throw failure;
                    }
                    return null;
                }

                @Override
                public void close() {
                    streamClosed = true;
                }
            };
        }
    }
}
