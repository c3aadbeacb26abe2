package io.eddy.runtime.worker;

import io.eddy.jobgraph.JobId;
import io.eddy.runtime.cluster.NamedBlob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classes of one job on a master or worker: its jars stored in a per-job temporary directory
 * and a class loader over them.
 *
 * <p>The class loader is <b>parent-first</b> (the plain {@link URLClassLoader} delegation): Eddy's
 * own classes and their dependencies always come from the process class path, so a job jar that
 * bundles a different copy of, e.g., the API classes cannot split a class into two incompatible
 * versions. The price is that a job cannot override a library that the Eddy class path already
 * holds; it has to shade it.
 *
 * <p>Without jars (embedded mode, or classes already on the class path) no directory is created
 * and the parent class loader is used as is.
 *
 * <p>Not thread-safe; owned by the thread that created it (a worker's or the master's main thread).
 */
public final class UserCodeLibrary implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(UserCodeLibrary.class);

    private final JobId job;
    private final Path directory;
    private final URLClassLoader ownClassLoader;
    private final ClassLoader classLoader;

    private UserCodeLibrary(JobId job, Path directory, URLClassLoader ownClassLoader, ClassLoader classLoader) {
        this.job = job;
        this.directory = directory;
        this.ownClassLoader = ownClassLoader;
        this.classLoader = classLoader;
    }

    /**
     * Stores {@code jars} under a new directory in {@code tempRoot} and creates a class loader over
     * them, or returns a library of just {@code parent} when there are no jars.
     *
     * @throws UncheckedIOException if the jars cannot be written
     */
    public static UserCodeLibrary create(JobId job, List<NamedBlob> jars, Path tempRoot, ClassLoader parent) {
        if (jars.isEmpty()) {
            return new UserCodeLibrary(job, null, null, parent);
        }
        Path dir = null;
        try {
            Files.createDirectories(tempRoot);
            dir = Files.createTempDirectory(tempRoot, "eddy-job-" + job + "-");
            List<URL> urls = new ArrayList<>();
            for (NamedBlob jar : jars) {
                Path file = dir.resolve(jar.name());
                Files.write(file, jar.bytes());
                urls.add(file.toUri().toURL());
            }
            URLClassLoader loader = new URLClassLoader("eddy-job-" + job, urls.toArray(new URL[0]), parent);
            LOG.info("Job {}: stored {} jar(s) in {}", job, jars.size(), dir);
            return new UserCodeLibrary(job, dir, loader, loader);
        } catch (MalformedURLException e) {
            deleteQuietly(job, dir);
            throw new IllegalStateException("Bug: a stored jar of job " + job + " has no valid URL", e);
        } catch (IOException e) {
            deleteQuietly(job, dir);
            throw new UncheckedIOException("Cannot store the jars of job " + job + " under " + tempRoot
                    + ": check that the directory is writable and the disk has room", e);
        }
    }

    /** The class loader of the job's classes. */
    public ClassLoader classLoader() {
        return classLoader;
    }

    /** The directory holding the jars, or null when there are none. */
    public Path directory() {
        return directory;
    }

    /** Closes the class loader and deletes the jars. */
    @Override
    public void close() {
        if (ownClassLoader != null) {
            try {
                ownClassLoader.close();
            } catch (IOException e) {
                LOG.warn("Job {}: cannot close the user-code class loader", job, e);
            }
        }
        deleteQuietly(job, directory);
    }

    private static void deleteQuietly(JobId job, Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.warn("Job {}: cannot delete the job's jar directory {}", job, dir, e);
        }
    }
}
