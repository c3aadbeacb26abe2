package io.eddy.api.common.io;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Resolves Hadoop {@link FileSystem}s for the file formats. Local paths use the raw local file
 * system, so no {@code .crc} checksum files appear next to the output. File system instances are
 * Hadoop's cached, shared ones: callers must not close them.
 */
final class HadoopFileSystems {

    private HadoopFileSystems() {
    }

    /** A Hadoop configuration from the class path ({@code core-site.xml}, {@code hdfs-site.xml} if present). */
    static Configuration newConfiguration() {
        return new Configuration();
    }

    /** The file system of {@code path}; the message of a failure names the path. */
    static FileSystem get(Path path, Configuration conf) throws IOException {
        FileSystem fs;
        try {
            fs = path.getFileSystem(conf);
        } catch (IOException e) {
            throw new IOException("Cannot access the file system of " + path + ": " + e.getMessage()
                    + " (is the scheme right, and its client on the class path?)", e);
        }
        return fs instanceof LocalFileSystem local ? local.getRaw() : fs;
    }

    /** {@code path} made absolute and qualified with its file system's scheme and authority. */
    static Path qualify(Path path, FileSystem fs) {
        return fs.makeQualified(path);
    }
}
