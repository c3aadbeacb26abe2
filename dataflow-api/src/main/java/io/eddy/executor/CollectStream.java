package io.eddy.executor;

/**
 * The serialized records of one collect sink, in batches, in the order each sink subtask sent
 * them. Each batch is a sequence of records written by the record type's serializer.
 */
public interface CollectStream extends AutoCloseable {

    /**
     * The next batch, waiting for it; null once all sink subtasks have finished.
     *
     * @throws JobExecutionException if the job failed
     * @throws InterruptedException if the waiting thread is interrupted
     */
    byte[] nextBatch() throws JobExecutionException, InterruptedException;

    /** Stops reading; the job is cancelled if it is still running. */
    @Override
    void close();
}
