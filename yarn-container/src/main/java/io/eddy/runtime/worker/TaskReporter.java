package io.eddy.runtime.worker;

import io.eddy.api.common.accumulators.Accumulator;
import io.eddy.runtime.cluster.AccumulatorBytes;
import io.eddy.runtime.cluster.FailureInfo;
import io.eddy.runtime.cluster.MasterGateway;
import io.eddy.runtime.cluster.TaskIoSample;
import io.eddy.runtime.cluster.TaskStateUpdate;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.tasks.TaskId;
import io.eddy.runtime.tasks.TaskIoCounters;
import io.eddy.runtime.tasks.TaskListener;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Forwards one task's life cycle to the master. A failure after the worker asked the task to
 * cancel, or with a {@link CancellationException}, is reported as {@code CANCELED}.
 *
 * <p>Threads: the listener methods run on the task thread; {@link #cancelRequested} is set from the
 * worker's main thread (volatile); {@link #reportedFinalState} is read by the worker's main thread
 * after the task's termination future completed (happens-before through the future).
 */
final class TaskReporter implements TaskListener {

    private static final Logger LOG = LoggerFactory.getLogger(TaskReporter.class);

    private final MasterGateway master;
    private final WorkerId worker;
    private final String taskName;
    private volatile boolean cancelRequested;
    private volatile boolean reportedFinalState;
    /** The task's record counts, set before it starts; its last sample goes to the master before its final state. */
    private volatile TaskIoCounters counters;

    TaskReporter(MasterGateway master, WorkerId worker, String taskName) {
        this.master = master;
        this.worker = worker;
        this.taskName = taskName;
    }

    void watch(TaskIoCounters taskCounters) {
        this.counters = taskCounters;
    }

    /** Sends the task's final record counts, ahead of its final state on the same way to the master. */
    private void reportLastSample(TaskId id) {
        TaskIoCounters c = counters;
        if (c != null) {
            master.reportTaskIo(worker, List.of(TaskIoSample.of(id, c)));
        }
    }

    void cancelRequested() {
        cancelRequested = true;
    }

    boolean reportedFinalState() {
        return reportedFinalState;
    }

    @Override
    public void running(TaskId id) {
        LOG.info("Task {} '{}' of job {} is running", id, taskName, id.job());
        master.taskStateChanged(TaskStateUpdate.running(id));
    }

    @Override
    public void finished(TaskId id, Map<String, Accumulator<?, ?>> accumulators) {
        byte[] bytes;
        try {
            bytes = AccumulatorBytes.serializeAccumulators(accumulators, "task '" + taskName + "'");
        } catch (RuntimeException e) {
            failed(id, e);
            return;
        }
        LOG.info("Task {} '{}' of job {} finished", id, taskName, id.job());
        reportedFinalState = true;
        reportLastSample(id);
        master.taskStateChanged(TaskStateUpdate.finished(id, bytes));
    }

    @Override
    public void failed(TaskId id, Throwable cause) {
        reportedFinalState = true;
        reportLastSample(id);
        if (cancelRequested || cause instanceof CancellationException) {
            LOG.info("Task {} '{}' of job {} was cancelled", id, taskName, id.job());
            master.taskStateChanged(TaskStateUpdate.canceled(id));
        } else {
            // the task logged the failure with its stack trace already
            LOG.info("Task {} '{}' of job {} failed: {}", id, taskName, id.job(), cause.toString());
            master.taskStateChanged(TaskStateUpdate.failed(id, FailureInfo.of(cause)));
        }
    }

    /** Reports a task that ended without calling the listener (a bug in the task), so the master does not wait for it. */
    void reportEndWithoutState(TaskId id, Throwable terminationFailure) {
        if (reportedFinalState) {
            return;
        }
        reportedFinalState = true;
        if (cancelRequested) {
            master.taskStateChanged(TaskStateUpdate.canceled(id));
            return;
        }
        IllegalStateException bug = new IllegalStateException("Bug: task " + id + " '" + taskName
                + "' ended without reporting that it finished or failed", terminationFailure);
        master.taskStateChanged(TaskStateUpdate.failed(id, FailureInfo.of(bug)));
    }
}
