package io.eddy.runtime.checkpoint.storage;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.configuration.Configuration;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the checkpoints and savepoints of one job go, created from the job's settings ({@link
 * #create}). Three users:
 * <ul>
 *   <li>the master's coordinator: {@link #initializeLocation} per checkpoint, {@link
 *       #discardSubsumed} after a completion;</li>
 *   <li>the tasks: {@link #resolveLocation} gives the {@link CheckpointStreamFactory} they write
 *       state with;</li>
 *   <li>restores: {@link #resolveCheckpoint}, {@link #findLatestCompleted}, {@link #listCompleted}.</li>
 * </ul>
 *
 * <p>File system storage ({@code filesystem}): through the Hadoop {@code FileSystem} API, layout
 * {@code <state.checkpoints.dir>/<job id>/chk-<n>/{<uuid>..., _metadata}} and savepoints in
 * {@code <dir>/savepoint-<job id prefix>-<random>/}, directories owner-only (700); streams
 * below {@link CheckpointingOptions#INLINE_THRESHOLD} become inline handles. Memory storage
 * ({@code memory}): all state inline, completed checkpoints in this object (the master's memory);
 * savepoints are still written to a directory (self-contained, as their state is inline). See
 * docs/checkpointing.md, "Storage".
 *
 * <p>Implementations are thread-safe: the master's main thread and tasks' snapshot threads use them.
 */
public interface CheckpointStorage {

    /**
     * The storage {@code settings} choose ({@link CheckpointingOptions#STORAGE}, {@code
     * CHECKPOINTS_DIR}, {@code SAVEPOINTS_DIR}, {@code INLINE_THRESHOLD}) for job {@code job}.
     *
     * @throws IllegalArgumentException naming the option if the storage kind is unknown
     */
    static CheckpointStorage create(JobId job, Configuration settings) {
        String kind = settings.get(CheckpointingOptions.STORAGE).trim().toLowerCase(Locale.ROOT);
        String savepoints = settings.get(CheckpointingOptions.SAVEPOINTS_DIR);
        long threshold = settings.get(CheckpointingOptions.INLINE_THRESHOLD).bytes();
        return switch (kind) {
            case "filesystem" -> new FsCheckpointStorage(job, settings.get(CheckpointingOptions.CHECKPOINTS_DIR), savepoints,
                    (int) Math.min(threshold, FsCheckpointStorage.MAX_INLINE_THRESHOLD));
            case "memory" -> new MemoryCheckpointStorage(job, savepoints);
            default -> throw new IllegalArgumentException(CheckpointingOptions.STORAGE.key() + ": '" + kind
                    + "' (expected: filesystem or memory)");
        };
    }

    /**
     * Master side: prepares where checkpoint {@code checkpointId} goes. For a checkpoint, {@code
     * options.targetLocation()} is ignored; for a savepoint it is the directory under which the
     * savepoint's own directory is created (null: {@link CheckpointingOptions#SAVEPOINTS_DIR}).
     *
     * @throws IOException if the directory cannot be created, or naming the option to set when no
     *     directory is configured
     */
    CheckpointStorageLocation initializeLocation(long checkpointId, CheckpointOptions options) throws IOException;

    /**
     * Task side: where a task writes its state of checkpoint {@code checkpointId}, whose barrier
     * carried {@code options}: state files in {@code options.targetLocation()} (see {@link
     * CheckpointStorageLocation#targetLocation()}), or, when that is null, inline handles only.
     */
    CheckpointStreamFactory resolveLocation(long checkpointId, CheckpointOptions options) throws IOException;

    /**
     * Reads and verifies the checkpoint or savepoint at {@code pointer}: its directory URI (or a
     * plain local path), its {@code _metadata} file, or a {@code memory://} pointer of this storage.
     *
     * @throws InvalidCheckpointException naming the path when it is missing, not a checkpoint,
     *     foreign or corrupt
     */
    ResolvedCheckpoint resolveCheckpoint(String pointer) throws IOException;

    /** The pointers of {@code job}'s completed (retained) checkpoints, newest first; savepoints are not listed. */
    List<String> listCompleted(JobId job) throws IOException;

    /**
     * The newest completed checkpoint of {@code job} whose metadata is readable; checkpoints whose
     * metadata is corrupt are skipped with a warning naming them.
     */
    Optional<ResolvedCheckpoint> findLatestCompleted(JobId job) throws IOException;

    /**
     * Retention: deletes all completed checkpoints of this storage's job but the newest {@code
     * retained} (and leftovers of aborted checkpoints older than those). Savepoints are never deleted.
     *
     * @return the pointers deleted
     */
    List<String> discardSubsumed(int retained) throws IOException;
}
