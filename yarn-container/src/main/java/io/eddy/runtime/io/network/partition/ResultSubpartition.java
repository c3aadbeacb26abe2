package io.eddy.runtime.io.network.partition;

import io.eddy.runtime.io.network.buffer.BufferConsumer;
import java.io.IOException;

/**
 * One consumer subtask's share of a {@link ResultPartition}, as the partition's writer sees it:
 * buffers are added while the writer fills them and announced when finished. Implemented by
 * {@link PipelinedSubpartition} (read while written, once) and {@link BlockingSubpartition}
 * (readable after the producer finished, any number of times).
 *
 * <p>Threads: {@link #add} and {@link #notifyBufferFinished} come from the producing task thread,
 * {@link #flush} from the output flusher, {@link #fail} and {@link #release} from any thread.
 */
abstract class ResultSubpartition {

    /** Queues a buffer (or event); returns false and closes it if the subpartition was released or failed. */
    abstract boolean add(BufferConsumer consumer, boolean endOfPartition);

    /** The writer finished the buffer it was filling. */
    abstract void notifyBufferFinished();

    /** Makes the committed part of the buffer being filled visible to the reader, if the type allows it. */
    abstract void flush();

    /** The producer failed: readers see {@code cause} from their next poll. */
    abstract void fail(Throwable cause);

    /** Frees the data; readers that have not finished see an error. Idempotent. */
    abstract void release();

    /** A reader's view; see {@link SubpartitionView} for how many a type allows. */
    abstract SubpartitionView createView(BufferAvailabilityListener listener) throws IOException;
}
