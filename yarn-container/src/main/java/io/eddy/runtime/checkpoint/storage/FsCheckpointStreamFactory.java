package io.eddy.runtime.checkpoint.storage;

import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.FileStateHandle;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import java.io.IOException;
import java.util.Arrays;
import java.util.UUID;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Streams into state files {@code <dir>/<uuid>} of one checkpoint. A stream buffers its first bytes
 * and creates its file only once it reaches the inline threshold, so small state never touches the
 * file system. Thread-safe (each stream is used by one thread).
 */
final class FsCheckpointStreamFactory implements CheckpointStreamFactory {

    /** The least write buffer, also when the inline threshold is smaller. */
    private static final int MIN_BUFFER = 4096;

    private final FileSystem fs;
    private final Path dir;
    private final int inlineThreshold;

    FsCheckpointStreamFactory(FileSystem fs, Path dir, int inlineThreshold) {
        this.fs = fs;
        this.dir = fs.makeQualified(dir);
        this.inlineThreshold = inlineThreshold;
    }

    @Override
    public CheckpointStateOutputStream createOutputStream(String nameHint) {
        return new FsStateOutputStream(new Path(dir, UUID.randomUUID().toString()));
    }

    @Override
    public String toString() {
        return "FsCheckpointStreamFactory{" + dir + ", inline below " + inlineThreshold + " bytes}";
    }

    /**
     * One state stream: bytes go to a buffer, flushed to the file (created on the first flush) and
     * into the running CRC-32C when the buffer is full. Owned by the thread that writes it.
     */
    private final class FsStateOutputStream extends CheckpointStateOutputStream {

        private final Path file;
        private final byte[] buffer = new byte[Math.max(inlineThreshold, MIN_BUFFER)];
        private final CRC32C crc = new CRC32C();
        private int count;
        private long flushed;
        private FSDataOutputStream out;
        private boolean closed;

        FsStateOutputStream(Path file) {
            this.file = file;
        }

        @Override
        public void write(int b) throws IOException {
            if (count == buffer.length || closed) {
                flushBuffer();
            }
            buffer[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            checkOpen();
            if (len > buffer.length - count) {
                flushBuffer();
                if (len >= buffer.length) {
                    crc.update(b, off, len);
                    out.write(b, off, len);
                    flushed += len;
                    return;
                }
            }
            System.arraycopy(b, off, buffer, count, len);
            count += len;
        }

        private void flushBuffer() throws IOException {
            checkOpen();
            if (out == null) {
                out = fs.create(file, false);
            }
            crc.update(buffer, 0, count);
            out.write(buffer, 0, count);
            flushed += count;
            count = 0;
        }

        private void checkOpen() throws IOException {
            if (closed) {
                throw new IOException("The state stream to " + file + " is closed");
            }
        }

        @Override
        public long getPos() {
            return flushed + count;
        }

        @Override
        public StreamStateHandle closeAndGetHandle() throws IOException {
            checkOpen();
            if (out == null && count < inlineThreshold) {
                closed = true;
                return new ByteStreamStateHandle(file.toString(), Arrays.copyOf(buffer, count));
            }
            try {
                flushBuffer();
                out.hsync();
                out.close();
                closed = true;
                return new FileStateHandle(file.toString(), flushed, (int) crc.getValue());
            } catch (IOException | RuntimeException e) {
                close();
                throw new IOException("Cannot write state file " + file + ": " + e.getMessage(), e);
            }
        }

        @Override
        public void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            if (out != null) {
                try {
                    out.close();
                } finally {
                    fs.delete(file, false);
                }
            }
        }
    }
}
