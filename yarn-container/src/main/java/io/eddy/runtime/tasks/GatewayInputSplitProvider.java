package io.eddy.runtime.tasks;

import io.eddy.api.common.io.InputSplit;
import io.eddy.util.InstantiationUtil;
import io.eddy.runtime.operators.InputSplitProvider;
import java.io.IOException;
import java.util.concurrent.ExecutionException;

/**
 * The input split provider of one task: asks the {@link InputSplitGateway} and waits for the
 * answer on the task thread (interruptibly, so cancellation wakes it), then reads the split with
 * the job's class loader.
 */
final class GatewayInputSplitProvider implements InputSplitProvider {

    private final InputSplitGateway gateway;
    private final TaskId task;
    private final String taskName;
    private final ClassLoader userCodeClassLoader;

    GatewayInputSplitProvider(InputSplitGateway gateway, TaskId task, String taskName, ClassLoader userCodeClassLoader) {
        this.gateway = gateway;
        this.task = task;
        this.taskName = taskName;
        this.userCodeClassLoader = userCodeClassLoader;
    }

    @Override
    public InputSplit next() throws IOException, InterruptedException {
        byte[] bytes;
        try {
            bytes = gateway.requestInputSplit(task).get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IOException("Task '" + taskName + "' (" + task + ") could not get its next input split from the master: "
                    + cause.getMessage(), cause);
        }
        if (bytes == null) {
            return null;
        }
        return InstantiationUtil.deserialize(bytes, userCodeClassLoader, "an input split of task '" + taskName + "'");
    }
}
