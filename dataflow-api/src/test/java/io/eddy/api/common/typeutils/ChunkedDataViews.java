package io.eddy.api.common.typeutils;

import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Test kit: a {@link DataOutputView} that cuts what it is given into small chunks (as records are
 * cut across network buffers), and a {@link DataInputView} that reads them back with a read
 * boundary at every chunk end: {@code read(byte[], ...)} never crosses a chunk, so serializers that
 * use {@code read} instead of {@code readFully} fail here.
 */
public final class ChunkedDataViews {

    private ChunkedDataViews() {
    }

    /** Writes into chunks of {@code chunkSize} bytes. */
    public static final class Output extends DataOutputStream implements DataOutputView {

        private final ChunkSink sink;

        public Output(int chunkSize) {
            this(new ChunkSink(chunkSize));
        }

        private Output(ChunkSink sink) {
            super(sink);
            this.sink = sink;
        }

        /** The chunks written so far (the last may be partly filled, trimmed to its length). */
        public List<byte[]> chunks() {
            return sink.snapshot();
        }

        @Override
        public void skipBytesToWrite(int numBytes) throws IOException {
            for (int i = 0; i < numBytes; i++) {
                write(0);
            }
        }

        @Override
        public void write(DataInputView source, int numBytes) throws IOException {
            byte[] bytes = new byte[numBytes];
            source.readFully(bytes);
            write(bytes);
        }
    }

    /** Reads chunks back, one chunk per {@code read} call at most. */
    public static final class Input extends DataInputStream implements DataInputView {

        private final ChunkSource source;

        public Input(List<byte[]> chunks) {
            this(new ChunkSource(chunks));
        }

        private Input(ChunkSource source) {
            super(source);
            this.source = source;
        }

        /** The number of bytes not read yet. */
        public int remaining() {
            return source.remaining();
        }

        @Override
        public void skipBytesToRead(int numBytes) throws IOException {
            for (int i = 0; i < numBytes; i++) {
                readByte();
            }
        }
    }

    private static final class ChunkSink extends OutputStream {
        private final int chunkSize;
        private final List<byte[]> chunks = new ArrayList<>();
        private byte[] current;
        private int pos;

        ChunkSink(int chunkSize) {
            this.chunkSize = chunkSize;
            this.current = new byte[chunkSize];
        }

        @Override
        public void write(int b) {
            if (pos == chunkSize) {
                chunks.add(current);
                current = new byte[chunkSize];
                pos = 0;
            }
            current[pos++] = (byte) b;
        }

        List<byte[]> snapshot() {
            List<byte[]> all = new ArrayList<>(chunks);
            byte[] last = new byte[pos];
            System.arraycopy(current, 0, last, 0, pos);
            all.add(last);
            return all;
        }
    }

    private static final class ChunkSource extends InputStream {
        private final List<byte[]> chunks;
        private int chunk;
        private int pos;

        ChunkSource(List<byte[]> chunks) {
            this.chunks = chunks;
        }

        int remaining() {
            int n = 0;
            for (int i = chunk; i < chunks.size(); i++) {
                n += chunks.get(i).length - (i == chunk ? pos : 0);
            }
            return n;
        }

        private boolean advance() {
            while (chunk < chunks.size() && pos >= chunks.get(chunk).length) {
                chunk++;
                pos = 0;
            }
            return chunk < chunks.size();
        }

        @Override
        public int read() {
            if (!advance()) {
                return -1;
            }
            return chunks.get(chunk)[pos++] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws EOFException {
            if (len == 0) {
                return 0;
            }
            if (!advance()) {
                return -1;
            }
            byte[] c = chunks.get(chunk);
            int n = Math.min(len, c.length - pos);
            System.arraycopy(c, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
