package io.eddy.runtime.checkpoint.storage;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.jobgraph.JobId;
import io.eddy.runtime.checkpoint.HadoopFileSystems;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import io.eddy.runtime.io.network.event.CheckpointOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checkpoint storage on a Hadoop file system ({@code file://}, {@code hdfs://}, ...); see {@link
 * CheckpointStorage} for the layout. Immutable apart from the file system, so thread-safe.
 */
final class FsCheckpointStorage implements CheckpointStorage {

    private static final Logger LOG = LoggerFactory.getLogger(FsCheckpointStorage.class);

    /** Inline thresholds are capped here: larger inline state would bloat messages and metadata. */
    static final long MAX_INLINE_THRESHOLD = 1 << 20;
    static final String CHECKPOINT_PREFIX = "chk-";

    private final JobId job;
    /** {@code <state.checkpoints.dir>}, or null when only savepoints can be taken. */
    private final String checkpointsDir;
    private final String savepointsDir;
    private final int inlineThreshold;

    FsCheckpointStorage(JobId job, String checkpointsDir, String savepointsDir, int inlineThreshold) {
        this.job = job;
        this.checkpointsDir = checkpointsDir;
        this.savepointsDir = savepointsDir;
        this.inlineThreshold = inlineThreshold;
        HadoopFileSystems.warmUpInBackground(checkpointsDir != null ? checkpointsDir : savepointsDir);
    }

    @Override
    public CheckpointStorageLocation initializeLocation(long checkpointId, CheckpointOptions options) throws IOException {
        if (options.type().isSavepoint()) {
            Path dir = savepointDirectory(job, options.targetLocation(), savepointsDir);
            return new FsCheckpointStorageLocation(HadoopFileSystems.fileSystem(dir), dir, checkpointId, true);
        }
        Path jobDir = jobDirectory(job);
        FileSystem fs = HadoopFileSystems.fileSystem(jobDir);
        MetadataFiles.mkdirsOwnerOnly(fs, jobDir);
        return new FsCheckpointStorageLocation(fs, new Path(jobDir, CHECKPOINT_PREFIX + checkpointId), checkpointId, true);
    }

    /** A new directory {@code savepoint-<job id prefix>-<random>} under the target (or default) directory. */
    static Path savepointDirectory(JobId job, String target, String defaultDir) throws IOException {
        String base = target != null && !target.isBlank() ? target : defaultDir;
        if (base == null || base.isBlank()) {
            throw new IllegalArgumentException("No directory for the savepoint of job " + job + ": pass one ('eddy savepoint JOB DIR') or set "
                    + CheckpointingOptions.SAVEPOINTS_DIR.key());
        }
        String random = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        return new Path(HadoopFileSystems.path(base), "savepoint-" + job.toString().substring(0, 6) + "-" + random);
    }

    /**
     * {@inheritDoc} Without a target location the master keeps the checkpoint's state inline (its
     * storage is the memory storage, e.g. by the cluster's defaults), so the streams are inline too.
     */
    @Override
    public CheckpointStreamFactory resolveLocation(long checkpointId, CheckpointOptions options) throws IOException {
        if (options.targetLocation() == null) {
            return new MemoryCheckpointStreamFactory(job + "/" + CHECKPOINT_PREFIX + checkpointId, MemoryCheckpointStorage.MAX_STATE_SIZE);
        }
        Path dir = HadoopFileSystems.path(options.targetLocation());
        return new FsCheckpointStreamFactory(HadoopFileSystems.fileSystem(dir), dir, inlineThreshold);
    }

    @Override
    public ResolvedCheckpoint resolveCheckpoint(String pointer) throws IOException {
        return MetadataFiles.read(pointer);
    }

    @Override
    public List<String> listCompleted(JobId someJob) throws IOException {
        List<String> result = new ArrayList<>();
        for (Checkpoint c : checkpointDirectories(someJob)) {
            if (c.complete) {
                result.add(c.dir.toString());
            }
        }
        return result;
    }

    @Override
    public Optional<ResolvedCheckpoint> findLatestCompleted(JobId someJob) throws IOException {
        for (String pointer : listCompleted(someJob)) {
            try {
                return Optional.of(MetadataFiles.read(pointer));
            } catch (InvalidCheckpointException e) {
                LOG.warn("Job {}: skipping checkpoint {}: {}", someJob, pointer, e.getMessage());
            }
        }
        return Optional.empty();
    }

    @Override
    public List<String> discardSubsumed(int retained) throws IOException {
        if (retained < 1) {
            throw new IllegalArgumentException(CheckpointingOptions.RETAINED.key() + ": " + retained + " (expected: 1 or more)");
        }
        List<Checkpoint> all = checkpointDirectories(job);
        long oldestRetained = Long.MAX_VALUE;
        int kept = 0;
        for (Checkpoint c : all) {
            if (c.complete && kept < retained) {
                kept++;
                oldestRetained = c.id;
            }
        }
        List<String> deleted = new ArrayList<>();
        for (Checkpoint c : all) {
            // Completed beyond the retained ones, or left over from an aborted checkpoint older than them (never pending newer ones).
            if (c.id < oldestRetained) {
                HadoopFileSystems.fileSystem(c.dir).delete(c.dir, true);
                deleted.add(c.dir.toString());
            }
        }
        if (!deleted.isEmpty()) {
            LOG.info("Job {}: deleted {} subsumed checkpoint(s): {}", job, deleted.size(), deleted);
        }
        return deleted;
    }

    /** A {@code chk-<n>} directory. */
    private record Checkpoint(long id, Path dir, boolean complete) {}

    /** The {@code chk-<n>} directories of {@code someJob}, newest first. */
    private List<Checkpoint> checkpointDirectories(JobId someJob) throws IOException {
        Path jobDir = jobDirectory(someJob);
        FileSystem fs = HadoopFileSystems.fileSystem(jobDir);
        if (MetadataFiles.statusOrNull(fs, jobDir) == null) {
            return List.of();
        }
        List<Checkpoint> result = new ArrayList<>();
        for (FileStatus status : fs.listStatus(jobDir)) {
            String name = status.getPath().getName();
            if (!status.isDirectory() || !name.startsWith(CHECKPOINT_PREFIX)) {
                continue;
            }
            long id;
            try {
                id = Long.parseLong(name.substring(CHECKPOINT_PREFIX.length()));
            } catch (NumberFormatException e) {
                continue; // not ours: chk-<n> with a number is the only name the storage writes
            }
            boolean complete = MetadataFiles.statusOrNull(fs, new Path(status.getPath(), MetadataFiles.METADATA)) != null;
            result.add(new Checkpoint(id, fs.makeQualified(status.getPath()), complete));
        }
        result.sort(Comparator.comparingLong(Checkpoint::id).reversed());
        return result;
    }

    private Path jobDirectory(JobId someJob) throws IOException {
        if (checkpointsDir == null || checkpointsDir.isBlank()) {
            throw new IllegalArgumentException("Job " + job + " has no checkpoint directory: set " + CheckpointingOptions.CHECKPOINTS_DIR.key()
                    + " (e.g. file:///tmp/eddy-checkpoints or hdfs:///eddy/checkpoints), or use " + CheckpointingOptions.STORAGE.key() + ": memory");
        }
        return new Path(HadoopFileSystems.path(checkpointsDir), someJob.toString());
    }

    @Override
    public String toString() {
        return "FsCheckpointStorage{checkpoints " + checkpointsDir + ", savepoints " + savepointsDir + ", inline below " + inlineThreshold
                + " bytes}";
    }
}
