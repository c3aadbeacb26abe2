package io.eddy.master.checkpoint;

import io.eddy.jobgraph.JobGraph;
import io.eddy.jobgraph.JobId;
import io.eddy.jobgraph.JobVertex;
import io.eddy.jobgraph.OperatorSpec;
import io.eddy.master.checkpoint.CheckpointParticipants.Participant;
import io.eddy.master.concurrent.JobTimers;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.CheckpointMetrics;
import io.eddy.runtime.checkpoint.OperatorSubtaskState;
import io.eddy.runtime.checkpoint.TaskStateSnapshot;
import io.eddy.runtime.io.network.event.CheckpointType;
import io.eddy.runtime.tasks.TaskId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One triggered checkpoint that has not completed or been aborted yet: the tasks that still owe an
 * acknowledgement, and the state and reported times of those that acknowledged.
 *
 * <pre>
 * (triggered) --every awaited task acknowledged--> completed by the coordinator
 *      '--decline | timeout | subsumed | job restart | coordinator stop--> aborted
 * </pre>
 *
 * <p>Owned by the coordinator's thread.
 */
final class PendingCheckpoint {

    private static final Logger LOG = LoggerFactory.getLogger(PendingCheckpoint.class);

    /** What an acknowledgement did. */
    enum AckResult {
        /** Taken: the task was awaited. */
        ACCEPTED,
        /** The task acknowledged before. */
        DUPLICATE,
        /** The task is not one of this checkpoint's (another attempt, or a task that was not running at the trigger). */
        UNKNOWN
    }

    private final long checkpointId;
    private final long timestamp;
    private final CheckpointType type;
    private final CoordinatorStorage.PendingLocation location;
    /** Every task of the checkpoint, in trigger order. */
    private final List<Participant> participants;
    /** The tasks whose acknowledgement is still awaited. */
    private final Map<TaskId, Participant> awaited = new LinkedHashMap<>();
    private final Map<TaskId, TaskStateSnapshot> acknowledged = new HashMap<>();
    /** The times of the accepted acknowledgements, summed. */
    private TaskCheckpointTimes times = TaskCheckpointTimes.NONE;
    /** Completed with the savepoint's pointer (savepoints only), else null. */
    private final CompletableFuture<String> savepointResult;
    private JobTimers.Cancellable timeout;

    PendingCheckpoint(long checkpointId, long timestamp, CheckpointType type, CoordinatorStorage.PendingLocation location,
            List<Participant> participants, CompletableFuture<String> savepointResult) {
        this.checkpointId = checkpointId;
        this.timestamp = timestamp;
        this.type = type;
        this.location = location;
        this.participants = List.copyOf(participants);
        for (Participant p : participants) {
            awaited.put(p.task(), p);
        }
        this.savepointResult = savepointResult;
    }

    long checkpointId() {
        return checkpointId;
    }

    long timestamp() {
        return timestamp;
    }

    CheckpointType type() {
        return type;
    }

    CoordinatorStorage.PendingLocation location() {
        return location;
    }

    List<Participant> participants() {
        return participants;
    }

    /** The savepoint's result future, or null for a checkpoint. */
    CompletableFuture<String> savepointResult() {
        return savepointResult;
    }

    void setTimeout(JobTimers.Cancellable timeout) {
        this.timeout = timeout;
    }

    /** Tells every task of the checkpoint that it completed; a task that cannot be told is logged (it commits with a later one). */
    void notifyCompleted(JobId job) {
        for (Participant p : participants) {
            try {
                p.gateway().notifyCheckpointComplete(p.task(), checkpointId);
            } catch (RuntimeException e) {
                LOG.warn("Job {}: task {} could not be notified of completed {}", job, p.task(), this, e);
            }
        }
    }

    /** Tells every task of the checkpoint that it was aborted; a task that cannot be told is logged. */
    void notifyAborted(JobId job) {
        for (Participant p : participants) {
            try {
                p.gateway().notifyCheckpointAborted(p.task(), checkpointId);
            } catch (RuntimeException e) {
                LOG.debug("Job {}: task {} could not be notified of aborted {}", job, p.task(), this, e);
            }
        }
    }

    void cancelTimeout() {
        if (timeout != null) {
            timeout.cancel();
            timeout = null;
        }
    }

    AckResult acknowledge(TaskId task, CheckpointMetrics metrics, TaskStateSnapshot state) {
        if (awaited.remove(task) != null) {
            acknowledged.put(task, state == null ? TaskStateSnapshot.EMPTY : state);
            times = times.plus(metrics);
            return AckResult.ACCEPTED;
        }
        return acknowledged.containsKey(task) ? AckResult.DUPLICATE : AckResult.UNKNOWN;
    }

    /** Stops waiting for {@code task} (it finished before acknowledging); true if it was awaited. */
    boolean forget(TaskId task) {
        return awaited.remove(task) != null;
    }

    boolean isAwaiting(TaskId task) {
        return awaited.containsKey(task);
    }

    boolean isFullyAcknowledged() {
        return awaited.isEmpty();
    }

    int numberOfAwaited() {
        return awaited.size();
    }

    /** The times the tasks reported with their acknowledgements so far, summed. */
    TaskCheckpointTimes times() {
        return times;
    }

    /** The tasks still awaited, for error messages. */
    List<TaskId> awaitedTasks() {
        return new ArrayList<>(awaited.keySet());
    }

    /**
     * The checkpoint's metadata: per operator uid of {@code graph}, the acknowledged states of its
     * subtasks. Operators without any state are left out, so a savepoint can be restored into a job
     * that dropped a stateless operator.
     */
    CheckpointMetadata toMetadata(JobGraph graph) {
        Map<String, CheckpointMetadata.OperatorState> operators = new LinkedHashMap<>();
        for (JobVertex v : graph.vertices()) {
            for (OperatorSpec op : v.chain()) {
                Map<Integer, OperatorSubtaskState> subtasks = new HashMap<>();
                for (Map.Entry<TaskId, TaskStateSnapshot> e : acknowledged.entrySet()) {
                    if (e.getKey().vertex() == v.id().index()) {
                        OperatorSubtaskState s = e.getValue().stateOf(op.uid());
                        if (!s.isEmpty()) {
                            subtasks.put(e.getKey().subtask(), s);
                        }
                    }
                }
                if (!subtasks.isEmpty()) {
                    operators.put(op.uid(), new CheckpointMetadata.OperatorState(op.uid(), op.name(), v.parallelism(), v.maxParallelism(), subtasks));
                }
            }
        }
        return new CheckpointMetadata(checkpointId, timestamp, type, operators);
    }

    @Override
    public String toString() {
        return (type.isSavepoint() ? "savepoint " : "checkpoint ") + checkpointId;
    }
}
