package io.eddy.runtime.checkpoint.storage;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.HadoopFileSystems;
import io.eddy.runtime.checkpoint.InvalidCheckpointException.Reason;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Checkpoint storage in memory, for small tests: tasks keep all state inline in their handles
 * (bounded per stream), and completed checkpoints live in this object, i.e. in the memory of the
 * master that created it. Savepoints are written to a directory like the file storage's, and are
 * self-contained there because their state is inline. Thread-safe.
 */
final class MemoryCheckpointStorage implements CheckpointStorage {

    static final String SCHEME = "memory://";
    /** The largest state one stream may hold: state travels in control messages. */
    static final int MAX_STATE_SIZE = 10 << 20;

    private final JobId job;
    private final String savepointsDir;
    /** Completed checkpoints by id, newest first. */
    private final ConcurrentSkipListMap<Long, ResolvedCheckpoint> completed = new ConcurrentSkipListMap<>(java.util.Comparator.reverseOrder());

    MemoryCheckpointStorage(JobId job, String savepointsDir) {
        this.job = job;
        this.savepointsDir = savepointsDir;
    }

    @Override
    public CheckpointStorageLocation initializeLocation(long checkpointId, CheckpointOptions options) throws IOException {
        if (options.type().isSavepoint()) {
            org.apache.hadoop.fs.Path dir = FsCheckpointStorage.savepointDirectory(job, options.targetLocation(), savepointsDir);
            return new FsCheckpointStorageLocation(HadoopFileSystems.fileSystem(dir), dir, checkpointId, false);
        }
        return new MemoryLocation(checkpointId);
    }

    @Override
    public CheckpointStreamFactory resolveLocation(long checkpointId, CheckpointOptions options) {
        return new MemoryCheckpointStreamFactory(pointer(checkpointId), MAX_STATE_SIZE);
    }

    @Override
    public ResolvedCheckpoint resolveCheckpoint(String pointer) throws IOException {
        if (!pointer.startsWith(SCHEME)) {
            return MetadataFiles.read(pointer);
        }
        for (ResolvedCheckpoint c : completed.values()) {
            if (c.pointer().equals(pointer)) {
                return c;
            }
        }
        throw new InvalidCheckpointException(Reason.MISSING, pointer, "No checkpoint " + pointer + ": checkpoints of the memory storage live only "
                + "in the master that took them (and only the retained ones); take a savepoint to a directory to keep state");
    }

    @Override
    public List<String> listCompleted(JobId someJob) {
        if (!someJob.equals(job)) {
            return List.of();
        }
        return completed.values().stream().map(ResolvedCheckpoint::pointer).toList();
    }

    @Override
    public Optional<ResolvedCheckpoint> findLatestCompleted(JobId someJob) {
        if (!someJob.equals(job) || completed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(completed.firstEntry().getValue());
    }

    @Override
    public List<String> discardSubsumed(int retained) {
        if (retained < 1) {
            throw new IllegalArgumentException("retained checkpoints: " + retained + " (expected: 1 or more)");
        }
        List<String> deleted = new ArrayList<>();
        int kept = 0;
        for (Map.Entry<Long, ResolvedCheckpoint> e : completed.entrySet()) {
            if (kept < retained) {
                kept++;
            } else if (completed.remove(e.getKey(), e.getValue())) {
                deleted.add(e.getValue().pointer());
            }
        }
        return deleted;
    }

    private String pointer(long checkpointId) {
        return SCHEME + job + "/" + FsCheckpointStorage.CHECKPOINT_PREFIX + checkpointId;
    }

    @Override
    public String toString() {
        return "MemoryCheckpointStorage{job " + job + ", " + completed.size() + " completed, savepoints " + savepointsDir + "}";
    }

    /** A checkpoint held in {@link #completed} once its metadata is written. */
    private final class MemoryLocation implements CheckpointStorageLocation {
        private final long checkpointId;

        MemoryLocation(long checkpointId) {
            this.checkpointId = checkpointId;
        }

        @Override
        public long checkpointId() {
            return checkpointId;
        }

        @Override
        public String pointer() {
            return MemoryCheckpointStorage.this.pointer(checkpointId);
        }

        @Override
        public String targetLocation() {
            return null;
        }

        @Override
        public String writeMetadata(CheckpointMetadata metadata) {
            if (metadata.checkpointId() != checkpointId) {
                throw new IllegalArgumentException("Bug: metadata of checkpoint " + metadata.checkpointId() + " for " + pointer());
            }
            completed.put(checkpointId, new ResolvedCheckpoint(pointer(), metadata));
            return pointer();
        }

        @Override
        public void disposeOnFailure() {
            completed.remove(checkpointId);
        }
    }
}
