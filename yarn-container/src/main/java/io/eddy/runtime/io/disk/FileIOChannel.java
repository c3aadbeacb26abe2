package io.eddy.runtime.io.disk;

import java.io.File;
import java.io.IOException;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

import io.eddy.core.memory.MemorySegment;

/**
 * A spill file that an {@link IOManager} I/O thread reads or writes asynchronously, one block (a
 * whole {@link MemorySegment}) per request.
 *
 * <p>Requests of one channel are served in order by the I/O thread of the channel's directory;
 * every segment handed to the channel comes back in its return queue, also when the request fails.
 * A failure is remembered and rethrown by the next call on the channel or by {@link #close()}.
 */
public interface FileIOChannel {

    /** The name of the file and the I/O thread that serves it. */
    ID getChannelID();

    /** The queue in which the segments of completed requests arrive, in request order. */
    BlockingQueue<MemorySegment> getReturnQueue();

    /**
     * Takes the next segment of a completed request from the return queue, waiting for it.
     *
     * @throws IOException if the request of this segment, or an earlier one, failed (naming the
     *     file); segments of requests that succeeded before the failure are still handed out. Or the wait was
     *     interrupted ({@link java.io.InterruptedIOException}; the interrupt flag stays set)
     */
    MemorySegment getNextReturnedBlock() throws IOException;

    /** True once {@link #close()} began. */
    boolean isClosed();

    /**
     * Waits for the pending requests, closes the file and rethrows the first error of any request.
     * Idempotent. The file stays on disk.
     */
    void close() throws IOException;

    /** {@link #close()}, then deletes the file (also when close fails). */
    void closeAndDelete() throws IOException;

    /** Deletes the file; the channel must be closed. Missing files are ignored. */
    void deleteChannel();

    /** The name of one spill file and the index of the I/O thread (directory) that serves it. Immutable. */
    final class ID {

        private final File path;
        private final int threadNum;

        public ID(File path, int threadNum) {
            this.path = Objects.requireNonNull(path, "path");
            if (threadNum < 0) {
                throw new IllegalArgumentException("threadNum: " + threadNum + " (expected: >= 0)");
            }
            this.threadNum = threadNum;
        }

        public File getPathFile() {
            return path;
        }

        public String getPath() {
            return path.getAbsolutePath();
        }

        /** The index of the spill directory and of its I/O threads. */
        public int getThreadNum() {
            return threadNum;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ID other && other.path.equals(path) && other.threadNum == threadNum;
        }

        @Override
        public int hashCode() {
            return path.hashCode() * 31 + threadNum;
        }

        @Override
        public String toString() {
            return path.getAbsolutePath();
        }
    }

    /**
     * Hands out channel IDs with a common random prefix and a running number
     * ({@code <prefix>.<n>.channel}), round-robin over the spill directories. Thread-safe.
     */
    final class Enumerator {

        private static final Random RANDOM = new Random();

        private final File[] dirs;
        private final String prefix;
        private final AtomicInteger counter = new AtomicInteger();
        private final int firstDir;

        Enumerator(File[] dirs, int firstDir) {
            this.dirs = dirs.clone();
            this.firstDir = firstDir;
            this.prefix = randomHex(16);
        }

        /** The next ID. */
        public ID next() {
            int n = counter.getAndIncrement();
            int thread = Math.floorMod(firstDir + n, dirs.length);
            return new ID(new File(dirs[thread], prefix + "." + String.format("%06d", n) + ".channel"), thread);
        }

        static String randomHex(int length) {
            StringBuilder s = new StringBuilder(length);
            synchronized (RANDOM) {
                for (int i = 0; i < length; i++) {
                    s.append(Character.forDigit(RANDOM.nextInt(16), 16));
                }
            }
            return s.toString();
        }
    }
}
