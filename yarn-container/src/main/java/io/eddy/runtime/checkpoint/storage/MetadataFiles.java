package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.CheckpointMetadata;
import io.eddy.runtime.checkpoint.HadoopFileSystems;
import io.eddy.runtime.checkpoint.InvalidCheckpointException.Reason;
import io.eddy.runtime.checkpoint.InvalidCheckpointException;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/** Checkpoint directories and their {@code _metadata} files on a Hadoop file system; shared by both storages. */
final class MetadataFiles {

    static final String METADATA = "_metadata";
    /** Owner-only: checkpoints hold the job's data. */
    static final FsPermission OWNER_ONLY = new FsPermission((short) 0700);
    /** Metadata files larger than this are refused (inline state is bounded far below). */
    private static final long MAX_METADATA_BYTES = Integer.MAX_VALUE - 8;

    private MetadataFiles() {}

    /** Creates {@code dir} (and missing parents) with permission 700. */
    static void mkdirsOwnerOnly(FileSystem fs, Path dir) throws IOException {
        if (!fs.mkdirs(dir, OWNER_ONLY)) {
            throw new IOException("Cannot create the checkpoint directory " + dir + ": check that its parent is writable");
        }
        fs.setPermission(dir, OWNER_ONLY);
    }

    /** Writes {@code metadata} to {@code dir/_metadata}: a temporary file first, renamed when complete. */
    static void write(FileSystem fs, Path dir, CheckpointMetadata metadata) throws IOException {
        byte[] bytes = CheckpointMetadataCodec.encode(metadata);
        Path temp = new Path(dir, METADATA + ".inprogress-" + UUID.randomUUID());
        Path target = new Path(dir, METADATA);
        try (FSDataOutputStream out = fs.create(temp, false)) {
            out.write(bytes);
            out.hsync();
        } catch (IOException e) {
            fs.delete(temp, false);
            throw new IOException("Cannot write the metadata of checkpoint " + metadata.checkpointId() + " to " + temp + ": " + e.getMessage(), e);
        }
        if (!fs.rename(temp, target)) {
            fs.delete(temp, false);
            throw new IOException("Cannot rename " + temp + " to " + target + " (does " + target + " exist already?)");
        }
    }

    /**
     * Reads the checkpoint at {@code pointer} (a directory, its {@code _metadata}, or a plain local path).
     *
     * @throws InvalidCheckpointException naming the path
     */
    static ResolvedCheckpoint read(String pointer) throws IOException {
        Path path = HadoopFileSystems.path(pointer);
        FileSystem fs = HadoopFileSystems.fileSystem(path);
        FileStatus status = statusOrNull(fs, path);
        if (status == null) {
            throw new InvalidCheckpointException(Reason.MISSING, pointer, "No checkpoint or savepoint at " + pointer
                    + ": the path does not exist (use the path 'eddy savepoint' printed, or a retained chk-<n> directory)");
        }
        Path dir = status.isDirectory() ? path : path.getParent();
        Path metadataPath = status.isDirectory() ? new Path(path, METADATA) : path;
        FileStatus metadataStatus = statusOrNull(fs, metadataPath);
        if (metadataStatus == null || metadataStatus.isDirectory()) {
            throw new InvalidCheckpointException(Reason.NOT_A_CHECKPOINT, pointer, "The directory " + pointer + " is not a checkpoint or "
                    + "savepoint: it has no " + METADATA + " file (an aborted or incomplete checkpoint, or another directory)");
        }
        byte[] data = readFile(fs, metadataPath, metadataStatus.getLen());
        CheckpointMetadata metadata = CheckpointMetadataCodec.decode(data, metadataPath.toString());
        return new ResolvedCheckpoint(fs.makeQualified(dir).toString(), metadata);
    }

    static FileStatus statusOrNull(FileSystem fs, Path path) throws IOException {
        try {
            return fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            return null;
        }
    }

    private static byte[] readFile(FileSystem fs, Path path, long length) throws IOException {
        if (length > MAX_METADATA_BYTES) {
            throw new InvalidCheckpointException(Reason.CORRUPT, path.toString(), "Checkpoint metadata " + path + " has " + length
                    + " bytes, more than a metadata file can hold");
        }
        byte[] data = new byte[(int) length];
        try (FSDataInputStream in = fs.open(path)) {
            in.readFully(data);
        } catch (EOFException e) {
            throw new InvalidCheckpointException(Reason.CORRUPT, path.toString(), "Checkpoint metadata " + path + " shrank while it was read", e);
        }
        return data;
    }
}
