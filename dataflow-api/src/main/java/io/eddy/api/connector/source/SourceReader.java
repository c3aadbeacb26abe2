package io.eddy.api.connector.source;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reads the splits of one subtask of a {@link Source}. Every method runs on the task thread, one at
 * a time, so a reader needs no locks for its own fields: a checkpoint ({@link #snapshotState}) is
 * taken between two {@link #pollNext} calls and sees exactly the records emitted so far.
 *
 * <p>A reader that waits for data (a socket, a queue) must not block in {@code pollNext}: it returns
 * {@link InputStatus#NOTHING_AVAILABLE}, and the task calls it again once the future of {@link
 * #isAvailable()} completes (the thread that fetches the data completes it), running mails in the
 * meantime. {@link #close()} is called after the last call, also after a failure or cancellation.
 *
 * @param <T> the records
 * @param <SplitT> the splits
 */
public interface SourceReader<T, SplitT> extends AutoCloseable {

    /**
     * Gives the reader its splits: once, before the first {@link #pollNext} (the splits of a fresh
     * start or this subtask's share of the restored ones; possibly none).
     */
    void addSplits(List<SplitT> splits) throws Exception;

    /**
     * Emits records through {@code output}, as a rule one or a few per call, and says what follows:
     * {@link InputStatus#MORE_AVAILABLE} (call again at once), {@link InputStatus#NOTHING_AVAILABLE}
     * (call again when {@link #isAvailable()} completes) or {@link InputStatus#END_OF_INPUT} (all
     * splits are done; not called again).
     */
    InputStatus pollNext(ReaderOutput<T> output) throws Exception;

    /**
     * Completes when {@link #pollNext} may have something to emit again; asked after it returned
     * {@link InputStatus#NOTHING_AVAILABLE}. May be completed from any thread.
     */
    CompletableFuture<Void> isAvailable();

    /**
     * The splits this reader has not finished, each with its position after the records emitted so
     * far: the reader's state in checkpoint {@code checkpointId}.
     */
    List<SplitT> snapshotState(long checkpointId) throws Exception;

    /** Checkpoint {@code checkpointId} is complete (a reader may commit offsets here). */
    default void notifyCheckpointComplete(long checkpointId) throws Exception {}

    /** Releases what the reader holds; wakes a fetching thread. Called once. */
    @Override
    default void close() throws Exception {}
}
