package io.eddy.streaming.api.functions.source;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A non-parallel source emitting the text read from a socket, cut at a delimiter (default
 * {@code "\n"}). It connects once and ends when the server closes the connection; text after the
 * last delimiter is emitted then.
 *
 * <p><b>At most once.</b> The source keeps no state and takes no part in checkpoints beyond letting
 * them pass: a socket cannot be rewound. After a failure the job restarts from its last checkpoint
 * and the source connects anew, so the text read between that checkpoint and the failure is lost
 * (it is not in the restored downstream state and is not read again). For exactly-once results,
 * read from a rewindable source (files, a sequence, a collection) instead.
 *
 * <p>{@link #run} runs on the task thread; {@link #cancel} may be called from another thread and
 * closes the socket to unblock the read.
 */
public final class SocketTextStreamFunction implements SourceFunction<String> {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(SocketTextStreamFunction.class);

    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

    private final String host;
    private final int port;
    private final String delimiter;
    /** Written by the cancelling thread, read by the task thread. */
    private volatile boolean running = true;
    /** Set by the task thread; closed by the cancelling thread. */
    private transient volatile Socket socket;

    public SocketTextStreamFunction(String host, int port, String delimiter) {
        this.host = Objects.requireNonNull(host, "host");
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("socketTextStream port: " + port + " (expected: 1..65535)");
        }
        if (delimiter == null || delimiter.isEmpty()) {
            throw new IllegalArgumentException("socketTextStream delimiter: '" + delimiter + "' (expected: a non-empty string, e.g. \"\\n\")");
        }
        this.port = port;
        this.delimiter = delimiter;
    }

    @Override
    public void run(SourceContext<String> ctx) throws Exception {
        try (Socket s = new Socket()) {
            socket = s;
            try {
                s.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            } catch (ConnectException e) {
                throw new IOException("socketTextStream cannot connect to " + host + ":" + port + " (" + e.getMessage()
                        + "): is a server listening there? Start one before the job, e.g. 'nc -lk " + port + "'", e);
            }
            readUntilClosed(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8), ctx);
        } catch (IOException e) {
            // After cancel() closed the socket, the blocked read fails: that is the way out, not an error.
            if (running) {
                throw e;
            }
        }
    }

    private void readUntilClosed(Reader reader, SourceContext<String> ctx) throws IOException {
        StringBuilder pending = new StringBuilder();
        char[] buffer = new char[8192];
        int n;
        while (running && (n = reader.read(buffer)) != -1) {
            pending.append(buffer, 0, n);
            int cut;
            while ((cut = pending.indexOf(delimiter)) >= 0) {
                String record = pending.substring(0, cut);
                pending.delete(0, cut + delimiter.length());
                if (delimiter.equals("\n") && record.endsWith("\r")) {
                    record = record.substring(0, record.length() - 1);
                }
                emit(ctx, record);
            }
        }
        if (running && pending.length() > 0) {
            emit(ctx, pending.toString());
        }
    }

    private static void emit(SourceContext<String> ctx, String record) {
        synchronized (ctx.getCheckpointLock()) {
            ctx.collect(record);
        }
    }

    @Override
    public void cancel() {
        running = false;
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // Closing only unblocks run(), which stops anyway because running is false.
                LOG.warn("Cannot close the socket to {}:{} while cancelling the socket source", host, port, e);
            }
        }
    }
}
