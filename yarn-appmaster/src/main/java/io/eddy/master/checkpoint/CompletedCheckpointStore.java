package io.eddy.master.checkpoint;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The completed checkpoints of one job that its {@link CheckpointCoordinator} retains, and the
 * restore point they give a restart: the last {@code retained} checkpoints and the savepoints newer
 * than the oldest of them, oldest first (docs/checkpointing.md, "Retention"). The latest one is
 * the restore point; one whose metadata does not read, or whose state a task could not restore,
 * is dropped and the previous one is tried.
 *
 * <p>Owned by the coordinator's thread.
 */
final class CompletedCheckpointStore {

    private static final Logger LOG = LoggerFactory.getLogger(CompletedCheckpointStore.class);

    private final JobId job;
    private final int retained;
    private final CoordinatorStorage storage;
    private final Deque<CompletedCheckpoint> completed = new ArrayDeque<>();

    CompletedCheckpointStore(JobId job, int retained, CoordinatorStorage storage) {
        this.job = job;
        this.retained = retained;
        this.storage = storage;
    }

    /** Adds the newest completed checkpoint or savepoint (call {@link #applyRetention} after a checkpoint). */
    void add(CompletedCheckpoint checkpoint) {
        completed.addLast(checkpoint);
    }

    /** Keeps the last {@code retained} checkpoints (deleting older ones) and the savepoints newer than the oldest kept. */
    void applyRetention() {
        boolean dropped = false;
        while (completed.stream().filter(c -> !c.isSavepoint()).count() > retained) {
            dropped |= !completed.removeFirst().isSavepoint();
        }
        while (completed.size() > 1 && completed.peekFirst().isSavepoint()) {
            completed.removeFirst();
        }
        if (dropped) {
            storage.discardSubsumed(retained);
        }
    }

    /**
     * The metadata of the latest completed checkpoint (or savepoint) whose metadata reads; one that
     * does not is dropped with a warning and the previous one is tried. Null if nothing completed.
     *
     * @throws IllegalStateException if checkpoints completed but none of them can be read
     */
    CheckpointMetadata latestForRestore() {
        List<String> unreadable = new ArrayList<>();
        while (!completed.isEmpty()) {
            CompletedCheckpoint latest = completed.peekLast();
            try {
                CheckpointMetadata metadata = storage.load(latest.pointer());
                LOG.info("Job {}: restoring from {} {} ({})", job, latest.isSavepoint() ? "savepoint" : "checkpoint",
                        latest.checkpointId(), latest.pointer());
                return metadata;
            } catch (IOException | RuntimeException e) {
                LOG.warn("Job {}: checkpoint {} cannot be restored ({}); falling back to the previous one", job,
                        latest.checkpointId(), e.getMessage());
                unreadable.add(latest.pointer() + ": " + e.getMessage());
                completed.removeLast();
            }
        }
        if (!unreadable.isEmpty()) {
            throw new IllegalStateException("Job " + job + " cannot be restored: none of its retained checkpoints can be read: "
                    + unreadable);
        }
        return null;
    }

    /** See {@link CheckpointCoordinator#discardUnrestorable}. */
    boolean discardUnrestorable(long checkpointId, String reason) {
        CompletedCheckpoint latest = completed.peekLast();
        if (latest == null || latest.checkpointId() != checkpointId) {
            LOG.debug("Job {}: restoring checkpoint {} failed ({}); it was dropped already", job, checkpointId, reason);
            return false;
        }
        if (latest.isSavepoint() || completed.size() < 2) {
            LOG.warn("Job {}: restoring {} {} failed ({}); it is kept: no older checkpoint or savepoint is retained to fall back to",
                    job, latest.isSavepoint() ? "savepoint" : "checkpoint", checkpointId, reason);
            return false;
        }
        completed.removeLast();
        LOG.warn("Job {}: checkpoint {} cannot be restored ({}); falling back to the previous one, {}", job, checkpointId,
                reason, completed.peekLast().pointer());
        return true;
    }

    /** The latest completed checkpoint or savepoint, or null. */
    CompletedCheckpoint latest() {
        return completed.peekLast();
    }

    /** The retained checkpoints (and newer savepoints), oldest first. */
    List<CompletedCheckpoint> all() {
        return List.copyOf(completed);
    }
}
