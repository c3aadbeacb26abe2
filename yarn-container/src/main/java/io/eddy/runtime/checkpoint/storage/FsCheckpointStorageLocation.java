package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.CheckpointMetadata;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** A checkpoint or savepoint directory on a Hadoop file system (created owner-only when this is made). */
final class FsCheckpointStorageLocation implements CheckpointStorageLocation {

    private final FileSystem fs;
    private final Path dir;
    private final long checkpointId;
    private final boolean tasksWriteFiles;

    /**
     * @param tasksWriteFiles whether tasks write state files into {@code dir} (file storage), or
     *     keep state inline (memory storage savepoints)
     */
    FsCheckpointStorageLocation(FileSystem fs, Path dir, long checkpointId, boolean tasksWriteFiles) throws IOException {
        this.fs = fs;
        this.dir = fs.makeQualified(dir);
        this.checkpointId = checkpointId;
        this.tasksWriteFiles = tasksWriteFiles;
        MetadataFiles.mkdirsOwnerOnly(fs, this.dir);
    }

    @Override
    public long checkpointId() {
        return checkpointId;
    }

    @Override
    public String pointer() {
        return dir.toString();
    }

    @Override
    public String targetLocation() {
        return tasksWriteFiles ? dir.toString() : null;
    }

    @Override
    public String writeMetadata(CheckpointMetadata metadata) throws IOException {
        if (metadata.checkpointId() != checkpointId) {
            throw new IllegalArgumentException("Bug: metadata of checkpoint " + metadata.checkpointId() + " for the location of checkpoint "
                    + checkpointId + " (" + dir + ")");
        }
        MetadataFiles.write(fs, dir, metadata);
        return pointer();
    }

    @Override
    public void disposeOnFailure() throws IOException {
        fs.delete(dir, true);
    }

    @Override
    public String toString() {
        return "checkpoint " + checkpointId + " at " + dir;
    }
}
