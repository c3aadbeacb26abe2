package io.eddy.runtime.checkpoint;

import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.InvalidCheckpointException.Reason;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reading and deleting state files through the Hadoop {@code FileSystem} API, with their checksums
 * verified.
 *
 * <p>A file is read whole and verified before its first byte is handed out: restores seek to the
 * key groups they own and read only part of a file, so a checksum checked at the end of a stream
 * would come too late (or never). State files are bounded by what one subtask's snapshot writes.
 */
public final class StateFiles {

    private StateFiles() {}

    /**
     * Opens {@code handle}'s file, checking its length and CRC-32C first.
     *
     * @throws InvalidCheckpointException naming the file if it is missing ({@code MISSING}), shorter
     *     or longer than recorded, or its checksum differs ({@code CORRUPT})
     * @throws IOException if the file system fails
     */
    public static InputStream open(FileStateHandle handle) throws IOException {
        return new ByteArrayInputStream(readVerified(handle));
    }

    /** The bytes of {@code handle}'s file, verified as {@link #open} does. */
    static byte[] readVerified(FileStateHandle handle) throws IOException {
        String uri = handle.uri();
        Path path = HadoopFileSystems.path(uri);
        FileSystem fs = HadoopFileSystems.fileSystem(path);
        FileStatus status;
        try {
            status = fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new InvalidCheckpointException(Reason.MISSING, uri, "State file " + uri + " does not exist (deleted, or the checkpoint "
                    + "directory was moved): restore from another checkpoint or savepoint", e);
        }
        if (status.getLen() != handle.size()) {
            throw new InvalidCheckpointException(Reason.CORRUPT, uri, "State file " + uri + " is " + (status.getLen() < handle.size() ? "shorter"
                    : "longer") + " (" + status.getLen() + " bytes) than the " + handle.size() + " bytes its checkpoint recorded");
        }
        if (handle.size() > Integer.MAX_VALUE - 8) {
            throw new IOException("State file " + uri + " has " + handle.size() + " bytes, more than one state file may hold (2 GB)");
        }
        byte[] data = new byte[(int) handle.size()];
        try (FSDataInputStream in = fs.open(path)) {
            in.readFully(data);
            if (in.read() != -1) {
                throw new InvalidCheckpointException(Reason.CORRUPT, uri, "State file " + uri + " is longer than the " + handle.size()
                        + " bytes its checkpoint recorded");
            }
        } catch (EOFException e) {
            throw new InvalidCheckpointException(Reason.CORRUPT, uri, "State file " + uri + " is shorter than the " + handle.size()
                    + " bytes its checkpoint recorded", e);
        }
        CRC32C crc = new CRC32C();
        crc.update(data);
        if ((int) crc.getValue() != handle.crc32c()) {
            throw new InvalidCheckpointException(Reason.CORRUPT, uri, "State file " + uri + " is corrupt: its CRC-32C is "
                    + Integer.toHexString((int) crc.getValue()) + ", the checkpoint recorded " + Integer.toHexString(handle.crc32c()));
        }
        return data;
    }

    /** Deletes {@code handle}'s file; a missing file is not an error. */
    public static void delete(FileStateHandle handle) throws IOException {
        Path path = HadoopFileSystems.path(handle.uri());
        HadoopFileSystems.fileSystem(path).delete(path, false);
    }
}
