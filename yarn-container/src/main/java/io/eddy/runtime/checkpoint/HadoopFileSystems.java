package io.eddy.runtime.checkpoint;

import java.io.IOException;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Hadoop {@code FileSystem} of a checkpoint path, resolved by the API's {@link
 * io.eddy.api.common.io.HadoopFileSystems} (one shared configuration, checksumming wrappers
 * unwrapped: every state file and metadata file carries its own CRC-32C), plus the warm-up of the
 * first use off the master's main thread.
 */
public final class HadoopFileSystems {

    private static final Logger LOG = LoggerFactory.getLogger(HadoopFileSystems.class);

    /** Whether {@link #warmUpInBackground} ran in this JVM. */
    private static final AtomicBoolean WARMED_UP = new AtomicBoolean();

    private HadoopFileSystems() {}

    /**
     * Loads Hadoop's configuration and the file system of {@code uri} on a daemon thread, once per
     * JVM. Their first use takes seconds (class loading, XML resources), which the master's main
     * thread would otherwise spend at the job's first checkpoint. A later use waits for this one
     * (class initialization) instead of repeating it; a failure here is only logged, as the first
     * real use reports it.
     */
    public static void warmUpInBackground(String uri) {
        if (uri == null || uri.isBlank() || !WARMED_UP.compareAndSet(false, true)) {
            return;
        }
        Thread thread = new Thread(() -> {
            try {
                fileSystem(path(uri));
            } catch (IOException | RuntimeException e) {
                LOG.debug("Loading the file system of {} in advance failed (its first use will report why): {}", uri, e.toString());
            }
        }, "eddy-checkpoint-fs-init");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * The fully qualified path of {@code uri}; a path without a scheme is on the default file
     * system ({@code fs.defaultFS}: the local one unless Hadoop's configuration names another, as on
     * YARN), relative to its working directory.
     */
    public static Path path(String uri) throws IOException {
        Path p = new Path(uri);
        return fileSystem(p).makeQualified(p);
    }

    public static FileSystem fileSystem(Path path) throws IOException {
        return io.eddy.api.common.io.HadoopFileSystems.get(path);
    }

    public static FileSystem fileSystem(URI uri) throws IOException {
        return fileSystem(new Path(uri));
    }
}
