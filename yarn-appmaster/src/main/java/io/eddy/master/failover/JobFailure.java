package io.eddy.master.failover;

import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.io.network.netty.RemoteTransportException;
import io.eddy.runtime.io.network.partition.ProducerFailedException;

/**
 * Why a job failed: the root failure and a one-line summary naming what failed where.
 *
 * @param cause the failure
 * @param summary e.g. {@code Task 'Map (2/4)' on worker-1 (127.0.0.1) failed: ...}
 */
public record JobFailure(FailureInfo cause, String summary) {

    public static JobFailure of(Throwable t, String summary) {
        return new JobFailure(FailureInfo.of(t), summary);
    }

    /** The failure of a task: {@code Task 'NAME' on WORKER failed: MESSAGE}. */
    public static JobFailure ofTask(String taskName, String worker, FailureInfo cause) {
        String what = cause.message() != null ? cause.message() : cause.exceptionClass();
        return new JobFailure(cause, "Task '" + taskName + "' on " + worker + " failed: " + what);
    }

    /**
     * Whether a task failed because one of its inputs failed (its producer, or the producer's own
     * input): a consequence of another task's failure, not a cause.
     */
    public boolean isInputFailure() {
        return cause != null && ProducerFailedException.class.getName().equals(cause.exceptionClass());
    }

    /**
     * Whether a task failed because its connection to another worker broke: often the first sign
     * that the other worker died, heard before the master's own connection to it reports the loss.
     */
    public boolean isConnectionFailure() {
        for (FailureInfo c = cause; c != null; c = c.cause()) {
            if (RemoteTransportException.class.getName().equals(c.exceptionClass())) {
                return true;
            }
        }
        return false;
    }
}
