package io.eddy.streaming.api.datastream;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.core.memory.DataInputDeserializer;
import io.eddy.executor.CollectStream;
import io.eddy.executor.JobClient;
import io.eddy.executor.JobExecutionException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;

/**
 * Iterates the records a collect sink sends back: reads batches from the {@link CollectStream}
 * and deserializes the records written back to back in each. A job failure surfaces from
 * {@link #hasNext()} or {@link #next()} as a RuntimeException whose cause is the {@link JobExecutionException}.
 *
 * <p>Used by one thread, the one that called {@code executeAndCollect}.
 */
final class CollectResultIterator<T> implements CloseableIterator<T> {

    private final JobClient client;
    private final CollectStream stream;
    private final TypeSerializer<T> serializer;
    private DataInputDeserializer batch;
    private boolean finished;

    CollectResultIterator(JobClient client, CollectStream stream, TypeSerializer<T> serializer) {
        this.client = client;
        this.stream = stream;
        this.serializer = serializer;
    }

    @Override
    public boolean hasNext() {
        while (!finished) {
            if (batch != null && batch.available() > 0) {
                return true;
            }
            byte[] next = nextBatch();
            if (next == null) {
                finished = true;
            } else {
                batch = new DataInputDeserializer(next);
            }
        }
        return false;
    }

    private byte[] nextBatch() {
        try {
            return stream.nextBatch();
        } catch (JobExecutionException e) {
            finished = true;
            throw new RuntimeException("Job " + client.getJobId() + " failed while its results were read: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeException("Interrupted while waiting for the results of job " + client.getJobId()
                    + "; close() the iterator to cancel the job", e);
        }
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException("No more results of job " + client.getJobId());
        }
        try {
            return serializer.deserialize(batch);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read a result record of job " + client.getJobId() + " with " + serializer.getClass().getName()
                    + ": the collect sink and the client disagree on the record type", e);
        }
    }

    @Override
    public void close() {
        try {
            stream.close();
        } finally {
            client.close();
        }
    }
}
