package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.FileStateHandle;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Reading and deleting state files through the Hadoop {@code FileSystem} API, with their checksums verified. */
public final class StateFiles {

    private StateFiles() {}

    /**
     * Opens {@code handle}'s file, checking its length and CRC-32C first.
     *
     * @throws IOException naming the file if it is missing, shorter or longer, or its checksum differs
     */
    public static InputStream open(FileStateHandle handle) throws IOException {
        Path path = new Path(URI.create(handle.uri()));
        FileSystem fs = path.getFileSystem(new Configuration());
        if (handle.size() > Integer.MAX_VALUE - 8) {
            throw new IOException("State file " + handle.uri() + " has " + handle.size() + " bytes, more than one state file may hold");
        }
        byte[] data = new byte[(int) handle.size()];
        try (FSDataInputStream in = fs.open(path)) {
            in.readFully(0, data);
            if (in.read() != -1) {
                throw new IOException("State file " + handle.uri() + " is longer than the " + handle.size() + " bytes its checkpoint recorded");
            }
        } catch (java.io.EOFException e) {
            throw new IOException("State file " + handle.uri() + " is shorter than the " + handle.size() + " bytes its checkpoint recorded", e);
        }
        CRC32C crc = new CRC32C();
        crc.update(data);
        if ((int) crc.getValue() != handle.crc32c()) {
            throw new IOException("State file " + handle.uri() + " is corrupt: its CRC-32C is " + Integer.toHexString((int) crc.getValue())
                    + ", the checkpoint recorded " + Integer.toHexString(handle.crc32c()));
        }
        return new ByteArrayInputStream(data);
    }

    /** Deletes {@code handle}'s file; a missing file is not an error. */
    public static void delete(FileStateHandle handle) throws IOException {
        Path path = new Path(URI.create(handle.uri()));
        path.getFileSystem(new Configuration()).delete(path, false);
    }
}
