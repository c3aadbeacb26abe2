package io.eddy.runtime.tasks;

import java.util.concurrent.CompletableFuture;

/**
 * How the batch source of a task asks the master for its next input split: on a worker, a
 * control-protocol request (or a direct call in the embedded cluster) carrying the task's id and
 * the worker's host. Called from task threads; implementations must be thread-safe.
 */
@FunctionalInterface
public interface InputSplitGateway {

    /**
     * Requests the next split of {@code task}'s source.
     *
     * @return a future of the Java-serialized split (read with the job's class loader), or of null
     *     when every split has been handed out
     */
    CompletableFuture<byte[]> requestInputSplit(TaskId task);
}
