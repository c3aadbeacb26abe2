package io.eddy.runtime.io.disk;

import io.eddy.core.memory.MemorySegment;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;



/**
 * Spill files in local directories, with one writer and one reader thread per directory doing the
 * block I/O asynchronously. One instance per worker, shared by its tasks.
 *
 * <pre>
 *   task thread --writeBlock(seg)--> [request queue] --> eddy-io-writer-n --> file
 *        ^                                                     |
 *        +-------------- return queue  <-- seg (written) ------+
 * </pre>
 *
 * <p>The constructor creates a fresh {@code eddy-io-<uuid>} directory in each given directory;
 * channels are named round-robin over them ({@link #createChannel()}); {@link #close()} stops the
 * threads, fails the requests that did not run, and deletes the directories with every file in
 * them (a JVM shutdown hook does the same if the JVM exits without {@code close()}). Requests of
 * one channel run in order on one thread; errors are handed to the channel's owner (see
 * {@link FileIOChannel}), never swallowed.
 *
 * <p>Thread-safe.
 */
public final class IOManager implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(IOManager.class);

    private final File[] dirs;
    private final IOThread[] writers;
    private final IOThread[] readers;
    private final AtomicInteger nextDir = new AtomicInteger();
    /** Bytes written to spill files so far, by every writer. */
    private final LongAdder spilled = new LongAdder();
    /** Deletes the directories if the JVM exits without {@link #close()} (e.g. a test JVM, a SIGTERM). */
    private final Thread shutdownHook;
    private final Object lock = new Object();
    /** Guarded by {@code lock}. */
    private boolean closed;

    /**
     * Creates a spill directory in each of {@code tempDirs} and starts its I/O threads.
     *
     * @throws UncheckedIOException if a directory cannot be created, naming it
     */
    public IOManager(File... tempDirs) {
        if (tempDirs == null || tempDirs.length == 0) {
            throw new IllegalArgumentException("tempDirs: none given (expected: at least one directory; set io.tmp.dirs)");
        }
        dirs = new File[tempDirs.length];
        for (int i = 0; i < tempDirs.length; i++) {
            dirs[i] = createSpillDirectory(tempDirs[i], i);
        }
        writers = new IOThread[dirs.length];
        readers = new IOThread[dirs.length];
        for (int i = 0; i < dirs.length; i++) {
            writers[i] = new IOThread("eddy-io-writer-" + i);
            readers[i] = new IOThread("eddy-io-reader-" + i);
            writers[i].start();
            readers[i].start();
        }
        shutdownHook = new Thread(this::close, "eddy-io-cleanup");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        LOG.info("I/O manager spills to {}", (Object) dirs);
    }

    private File createSpillDirectory(File base, int index) {
        File dir = new File(base, "eddy-io-" + UUID.randomUUID());
        try {
            Files.createDirectories(dir.toPath());
        } catch (IOException e) {
            for (int j = 0; j < index; j++) {
                deleteRecursively(dirs[j]);
            }
            throw new UncheckedIOException("Cannot create the spill directory " + dir + ": " + e
                    + ". Set io.tmp.dirs to existing, writable local directories.", e);
        }
        return dir;
    }

    /** The directories this manager created (one per given directory), in which the spill files live. */
    public File[] spillingDirectories() {
        return dirs.clone();
    }

    /** A new, unique file name, round-robin over the directories. */
    public FileIOChannel.ID createChannel() {
        int thread = nextDirIndex();
        return new FileIOChannel.ID(new File(dirs[thread], FileIOChannel.Enumerator.randomHex(32) + ".channel"), thread);
    }

    /** An enumerator of file names with a common prefix, e.g. for the runs of one sort. */
    public FileIOChannel.Enumerator createChannelEnumerator() {
        return new FileIOChannel.Enumerator(dirs, nextDirIndex());
    }

    private int nextDirIndex() {
        return Math.floorMod(nextDir.getAndIncrement(), dirs.length);
    }

    /** The bytes written to this manager's spill files so far (deleted files included). */
    public long spilledBytes() {
        return spilled.sum();
    }

    /**
     * Opens (creating or truncating) the file of {@code id} for asynchronous block writes; the
     * bytes it writes count for the calling thread's {@link SpillAccount}, if it has one.
     *
     * @param returnQueue receives every segment once written (or failed)
     */
    public BlockChannelWriter createBlockChannelWriter(FileIOChannel.ID id, BlockingQueue<MemorySegment> returnQueue)
            throws IOException {
        checkOpen();
        return new AsynchronousBlockWriter(id, writers[checkThread(id)], returnQueue, spilled, SpillAccount.current());
    }

    /**
     * Opens the file of {@code id} for asynchronous block reads from its start.
     *
     * @param returnQueue receives every segment once filled (or failed), in request order
     */
    public BlockChannelReader createBlockChannelReader(FileIOChannel.ID id, BlockingQueue<MemorySegment> returnQueue)
            throws IOException {
        checkOpen();
        return new AsynchronousBlockReader(id, readers[checkThread(id)], returnQueue);
    }

    private int checkThread(FileIOChannel.ID id) {
        if (id.getThreadNum() >= dirs.length) {
            throw new IllegalArgumentException("channel " + id + " names I/O thread " + id.getThreadNum()
                    + " (expected: an ID created by this I/O manager, which has " + dirs.length + " directories)");
        }
        return id.getThreadNum();
    }

    private void checkOpen() throws IOException {
        synchronized (lock) {
            if (closed) {
                throw new IOException("The I/O manager is closed: no new spill files; the worker is shutting down");
            }
        }
    }

    /** The I/O threads, writers then readers (tests). */
    List<Thread> ioThreads() {
        List<Thread> threads = new ArrayList<>(List.of(writers));
        threads.addAll(List.of(readers));
        return threads;
    }

    /** True after {@link #close()}. */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /**
     * Stops the I/O threads (requests that did not run fail with an IOException in their channels),
     * then deletes the spill directories. Idempotent; safe against interrupts of the caller.
     */
    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                LOG.debug("The JVM is shutting down; the I/O manager's shutdown hook runs anyway", e);
            }
        }
        for (int i = 0; i < dirs.length; i++) {
            writers[i].shutdown();
            readers[i].shutdown();
        }
        for (File dir : dirs) {
            deleteRecursively(dir);
        }
    }

    private static void deleteRecursively(File dir) {
        if (!dir.exists()) {
            return;
        }
        try {
            Files.walkFileTree(dir.toPath(), new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    if (e != null) {
                        throw e;
                    }
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warn("Could not delete spill directory {}; delete it by hand", dir, e);
        }
    }
}
