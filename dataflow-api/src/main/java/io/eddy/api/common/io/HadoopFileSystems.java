package io.eddy.api.common.io;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Resolves Hadoop {@link FileSystem}s for everything Eddy reads and writes through the Hadoop API:
 * the file formats, the exactly-once file sink and checkpoint storage. Local paths use the raw local
 * file system, so no {@code .crc} checksum files appear next to the output (checkpoint files carry
 * their own CRC-32C). File system instances are Hadoop's cached, shared ones: callers must not close
 * them.
 */
public final class HadoopFileSystems {

    /** Created on first use: reading the class path's XML resources is too slow to repeat per file. */
    private static final class Shared {
        static final Configuration CONF = new Configuration();
    }

    private HadoopFileSystems() {
    }

    /**
     * The one Hadoop configuration shared by the sinks and checkpoint storage of this JVM; read-only
     * after creation (Hadoop allows reads from several threads).
     */
    public static Configuration sharedConfiguration() {
        return Shared.CONF;
    }

    /** The file system of {@code path} with the {@linkplain #sharedConfiguration() shared configuration}. */
    public static FileSystem get(Path path) throws IOException {
        return get(path, Shared.CONF);
    }

    /** A Hadoop configuration from the class path ({@code core-site.xml}, {@code hdfs-site.xml} if present). */
    static Configuration newConfiguration() {
        return new Configuration();
    }

    /** The file system of {@code path}; the message of a failure names the path. */
    public static FileSystem get(Path path, Configuration conf) throws IOException {
        FileSystem fs;
        try {
            fs = path.getFileSystem(conf);
        } catch (IOException e) {
            throw new IOException("Cannot access the file system of " + path + ": " + e.getMessage()
                    + " (is the scheme right, and its client on the class path?)", e);
        }
        return fs instanceof ChecksumFileSystem checksummed ? checksummed.getRawFileSystem() : fs;
    }

    /** {@code path} made absolute and qualified with its file system's scheme and authority. */
    public static Path qualify(Path path, FileSystem fs) {
        return fs.makeQualified(path);
    }
}
