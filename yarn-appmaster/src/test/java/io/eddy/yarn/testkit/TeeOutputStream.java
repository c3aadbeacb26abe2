package io.eddy.yarn.testkit;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes everything to two streams, e.g. a test's {@code System.err} and a buffer the test reads
 * (a {@link java.io.ByteArrayOutputStream} synchronizes its own writes and reads).
 */
public final class TeeOutputStream extends OutputStream {

    private final OutputStream first;
    private final OutputStream second;

    public TeeOutputStream(OutputStream first, OutputStream second) {
        this.first = first;
        this.second = second;
    }

    @Override
    public void write(int b) throws IOException {
        first.write(b);
        second.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        first.write(b, off, len);
        second.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        first.flush();
        second.flush();
    }
}
