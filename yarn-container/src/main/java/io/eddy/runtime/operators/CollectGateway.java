package io.eddy.runtime.operators;

/**
 * Where a {@code COLLECT_SINK} sends the records it collects for the client. Called from task
 * threads; one sink subtask calls it from one thread.
 */
public interface CollectGateway {

    /**
     * Sends one batch of records of sink subtask {@code subtask} of the collect stream
     * {@code collectId}. A batch is a sequence of records written by the record type's
     * serializer. Blocks while the client is behind (back pressure).
     *
     * @throws InterruptedException if the task thread is interrupted (cancelled) while waiting
     */
    void send(String collectId, int subtask, byte[] batch) throws InterruptedException;

    /** Sink subtask {@code subtask} of {@code collectId} has sent its last batch. */
    void finish(String collectId, int subtask);
}
