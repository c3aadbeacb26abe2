package io.eddy.executor;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.configuration.Configuration;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.jobgraph.JobGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * How both environments ({@code ExecutionEnvironment}, {@code StreamExecutionEnvironment}) run a
 * job graph: find the executor of the configured target ({@link ExecutorLookup}), submit, wait for
 * the result, read collect sinks. Failures of the job surface as the {@link JobExecutionException}
 * the executor reports; an interrupted wait cancels the job.
 *
 * <p>Stateless; every method works on the calling thread.
 */
public final class JobSubmitter {

    private JobSubmitter() {}

    /**
     * Submits {@code jobGraph} through the executor {@link ExecutorLookup} finds for {@code
     * configuration}, with the job jars of {@link ExecutionOptions#USER_JARS}, and returns at once.
     * The job's classes are those of the calling thread's context class loader. The {@link
     * JobListeners} hear of the submitted job.
     *
     * @param onExecutorFound runs once the executor is found, just before the graph is submitted
     *     (the environments forget the submitted program there, and keep it if no executor is found)
     * @throws IllegalStateException if no executor serves the configured target
     */
    public static JobClient submit(Configuration configuration, JobGraph jobGraph, Runnable onExecutorFound) throws Exception {
        ClassLoader userClassLoader = Thread.currentThread().getContextClassLoader();
        PipelineExecutor executor = ExecutorLookup.find(configuration, userClassLoader);
        onExecutorFound.run();
        JobClient client = executor.submit(jobGraph, ExecutorLookup.userJars(configuration), userClassLoader);
        JobListeners.submitted(client);
        return client;
    }

    /**
     * Waits for the job to finish.
     *
     * @throws JobExecutionException if the job failed, with the root cause (the exception the job
     *     result completed with is thrown as it is, not wrapped)
     * @throws InterruptedException if interrupted while waiting; the job is then cancelled
     */
    public static JobExecutionResult awaitResult(JobClient client) throws Exception {
        try {
            return client.getJobResult().get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        } catch (InterruptedException e) {
            client.cancel();
            throw e;
        }
    }

    /**
     * Opens the collect stream {@code collectId} of a job just submitted; if that fails, the job is
     * cancelled and the client closed before the failure is thrown.
     */
    public static CollectStream openCollectStream(JobClient client, String collectId) {
        try {
            return client.openCollectStream(collectId);
        } catch (RuntimeException e) {
            client.cancel();
            client.close();
            throw e;
        }
    }

    /**
     * Reads every record of the collect sink {@code collectId} until all its subtasks have finished,
     * then waits for the job's result.
     *
     * @throws JobExecutionException if the job failed
     * @throws InterruptedException if interrupted while waiting; the job is then cancelled
     */
    public static <T> List<T> collectAll(JobClient client, String collectId, TypeSerializer<T> serializer) throws Exception {
        List<T> result = new ArrayList<>();
        try (CollectStream stream = client.openCollectStream(collectId)) {
            for (byte[] batch = stream.nextBatch(); batch != null; batch = stream.nextBatch()) {
                DataInputDeserializer in = new DataInputDeserializer(batch);
                while (in.available() > 0) {
                    result.add(serializer.deserialize(in));
                }
            }
        } catch (InterruptedException e) {
            client.cancel();
            throw e;
        }
        awaitResult(client);
        return result;
    }
}
