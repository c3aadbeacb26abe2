package io.eddy.streaming.api.datastream;

import java.util.Iterator;

/**
 * An iterator over results that holds resources (a running job, a stream from the cluster):
 * close it when done, also when not reading to the end. Closing it before the end cancels the job.
 */
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {

    @Override
    void close();
}
