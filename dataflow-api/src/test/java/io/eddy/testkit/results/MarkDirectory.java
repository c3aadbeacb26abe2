package io.eddy.testkit.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A directory of empty <i>mark</i> files through which the functions of a job running in other
 * processes tell a test what happened (a task opened on a worker, a checkpoint completed, a failure
 * was injected), and the test waits for them without sleeping: it is woken by file creations.
 *
 * <p>Functions call {@link #mark} (any process, any thread); the test thread owns the watcher and
 * calls {@link #await} and {@link #names}. Close it when done.
 */
public final class MarkDirectory implements AutoCloseable {

    private final Path directory;
    private final WatchService watcher;

    private MarkDirectory(Path directory, WatchService watcher) {
        this.directory = directory;
        this.watcher = watcher;
    }

    /** Creates {@code directory} (if needed) and starts watching it for new marks. */
    public static MarkDirectory watch(Path directory) throws IOException {
        Files.createDirectories(directory);
        WatchService watcher = FileSystems.getDefault().newWatchService();
        try {
            directory.register(watcher, StandardWatchEventKinds.ENTRY_CREATE);
        } catch (IOException e) {
            watcher.close();
            throw e;
        }
        return new MarkDirectory(directory, watcher);
    }

    /**
     * Leaves the mark {@code name} in {@code directory}; returns false if it existed already (the
     * creation is atomic, so of several processes exactly one gets true).
     */
    public static boolean mark(String directory, String name) {
        try {
            Files.createFile(Path.of(directory, name));
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the mark " + name + " in " + directory, e);
        }
    }

    public Path directory() {
        return directory;
    }

    /** The names of the marks present now, sorted. */
    public List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /**
     * Waits until {@code condition} finds what it looks for in the current marks and returns it;
     * the condition is evaluated on every file creation in the directory (and once at the start).
     *
     * @throws AssertionError naming {@code what} and the marks present if {@code timeout} passes first
     */
    public <T> T await(Function<List<String>, Optional<T>> condition, String what, Duration timeout) throws IOException, InterruptedException {
        return tryAwait(condition, timeout)
                .orElseThrow(() -> new AssertionError("Waited " + timeout.toSeconds() + " s for " + what + " in " + directory + "; marks: " + namesOrError()));
    }

    /** As {@link #await}, but empty if {@code timeout} passes first. */
    public <T> Optional<T> tryAwait(Function<List<String>, Optional<T>> condition, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<T> found = condition.apply(names());
            if (found.isPresent()) {
                return found;
            }
            long left = deadline - System.nanoTime();
            WatchKey key = left <= 0 ? null : watcher.poll(left, TimeUnit.NANOSECONDS);
            if (key == null) {
                return Optional.empty();
            }
            key.pollEvents();
            key.reset();
        }
    }

    private String namesOrError() {
        try {
            return names().toString();
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    @Override
    public void close() throws IOException {
        watcher.close();
    }
}
