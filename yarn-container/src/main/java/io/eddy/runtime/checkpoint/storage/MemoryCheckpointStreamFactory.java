package io.eddy.runtime.checkpoint.storage;

import io.eddy.configuration.CheckpointingOptions;
import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import java.io.IOException;
import java.util.Arrays;

/**
 * Streams of the memory storage: every stream becomes an inline handle, bounded by {@link
 * #maxStateSize} (the state travels in acknowledgements and deployments, whose frames are bounded).
 * Stateless, so thread-safe.
 */
final class MemoryCheckpointStreamFactory implements CheckpointStreamFactory {

    private final String namePrefix;
    private final int maxStateSize;

    MemoryCheckpointStreamFactory(String namePrefix, int maxStateSize) {
        this.namePrefix = namePrefix;
        this.maxStateSize = maxStateSize;
    }

    @Override
    public CheckpointStateOutputStream createOutputStream(String nameHint) {
        return new MemoryStateOutputStream(namePrefix + "/" + nameHint);
    }

    /** Owned by the thread that writes it. */
    private final class MemoryStateOutputStream extends CheckpointStateOutputStream {

        private final String name;
        private byte[] buffer = new byte[256];
        private int count;
        private boolean closed;

        MemoryStateOutputStream(String name) {
            this.name = name;
        }

        @Override
        public void write(int b) throws IOException {
            ensureRoom(1);
            buffer[count++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            ensureRoom(len);
            System.arraycopy(b, off, buffer, count, len);
            count += len;
        }

        private void ensureRoom(int len) throws IOException {
            if (closed) {
                throw new IOException("The state stream " + name + " is closed");
            }
            long needed = (long) count + len;
            if (needed > maxStateSize) {
                throw new IOException("The state " + name + " exceeds the " + maxStateSize + " bytes the memory checkpoint storage keeps per stream: "
                        + "set " + CheckpointingOptions.STORAGE.key() + ": filesystem and " + CheckpointingOptions.CHECKPOINTS_DIR.key());
            }
            if (needed > buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(maxStateSize, Math.max(needed, 2L * buffer.length)));
            }
        }

        @Override
        public long getPos() {
            return count;
        }

        @Override
        public StreamStateHandle closeAndGetHandle() throws IOException {
            if (closed) {
                throw new IOException("The state stream " + name + " is closed");
            }
            closed = true;
            return new ByteStreamStateHandle(name, Arrays.copyOf(buffer, count));
        }

        @Override
        public void close() {
            closed = true;
            buffer = null;
        }
    }
}
