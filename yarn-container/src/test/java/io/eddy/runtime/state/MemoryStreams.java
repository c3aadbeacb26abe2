package io.eddy.runtime.state;

import io.eddy.runtime.checkpoint.ByteStreamStateHandle;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.storage.CheckpointStateOutputStream;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;

/** A {@link CheckpointStreamFactory} over memory for state tests: every stream becomes inline bytes. Counts the streams it made. */
final class MemoryStreams implements CheckpointStreamFactory {

    private final AtomicInteger created = new AtomicInteger();

    @Override
    public CheckpointStateOutputStream createOutputStream(String nameHint) {
        created.incrementAndGet();
        return new CheckpointStateOutputStream() {
            private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            private boolean closed;

            @Override
            public void write(int b) throws IOException {
                requireOpen();
                bytes.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                requireOpen();
                bytes.write(b, off, len);
            }

            @Override
            public long getPos() {
                return bytes.size();
            }

            @Override
            public StreamStateHandle closeAndGetHandle() throws IOException {
                requireOpen();
                closed = true;
                return new ByteStreamStateHandle(nameHint, bytes.toByteArray());
            }

            @Override
            public void close() {
                closed = true;
            }

            private void requireOpen() throws IOException {
                if (closed) {
                    throw new IOException("stream " + nameHint + " is closed");
                }
            }
        };
    }

    int streamsCreated() {
        return created.get();
    }
}
