package io.eddy.iteration.runtime;

import io.eddy.api.common.typeutils.TypeSerializer;
import io.eddy.api.common.typeutils.TypeSerializerSnapshots;
import io.eddy.core.memory.DataInputView;
import io.eddy.core.memory.DataOutputView;
import io.eddy.runtime.checkpoint.StreamStateHandle;
import io.eddy.runtime.checkpoint.storage.CheckpointStateOutputStream;
import io.eddy.runtime.checkpoint.storage.CheckpointStreamFactory;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;

/**
 * The feedback records a streaming loop's head received during one checkpoint: from the moment the
 * checkpoint's barrier passed the head until its marker came back through the feedback queue
 * (docs/iterations.md, "Streaming loops" under snapshots). They were in flight on the feedback edge
 * when the barrier passed, so they belong to the checkpoint's state: the head replays them on restore.
 *
 * <p>Records go into a stream of the checkpoint's storage as they arrive (buffered, on the head's
 * task thread), so a log is never held in memory; the stream is opened at the first record, and a
 * checkpoint during which no feedback arrived has no log stream at all. {@link #done()} completes
 * with the stream's handle (or null) when the marker returns, or fails if the checkpoint cannot
 * complete. Format of a stream:
 *
 * <pre>
 * int magic 0x45444642 ('EDFB'), int version (2), serializer snapshot ({@link TypeSerializerSnapshots}),
 * per record: boolean true, the record; then boolean false
 * </pre>
 *
 * The head logs stream records (value and timestamp, {@code StreamElementSerializer}); version 1
 * logged bare values and is refused.
 *
 * <p>Task thread only (the future's callbacks run there too).
 */
final class FeedbackLog<T> {

    static final int MAGIC = 0x45444642;
    static final int VERSION = 2;
    private static final int BUFFER_BYTES = 64 * 1024;

    private final long checkpointId;
    private final CheckpointStreamFactory streams;
    private final String nameHint;
    private final TypeSerializer<T> serializer;
    private final CompletableFuture<StreamStateHandle> done = new CompletableFuture<>();
    private CheckpointStateOutputStream stream;
    private StreamOutputView out;
    private long records;

    /**
     * @param streams where checkpoint {@code checkpointId}'s state goes
     * @param nameHint the head's uid, for the file name
     * @param serializer the feedback's serializer (the log keeps no duplicate: task thread only)
     */
    FeedbackLog(long checkpointId, CheckpointStreamFactory streams, String nameHint, TypeSerializer<T> serializer) {
        this.checkpointId = checkpointId;
        this.streams = streams;
        this.nameHint = nameHint;
        this.serializer = serializer;
    }

    long checkpointId() {
        return checkpointId;
    }

    /** The records logged so far. */
    long records() {
        return records;
    }

    /** Completes with the log's stream, or null if no record was logged. */
    CompletableFuture<StreamStateHandle> done() {
        return done;
    }

    /** Logs {@code record}. */
    void append(T record) throws IOException {
        if (out == null) {
            stream = streams.createOutputStream(nameHint);
            out = new StreamOutputView(new BufferedOutputStream(stream, BUFFER_BYTES));
            out.writeInt(MAGIC);
            out.writeInt(VERSION);
            TypeSerializerSnapshots.writeSerializer(serializer, out);
        }
        out.writeBoolean(true);
        serializer.serialize(record, out);
        records++;
    }

    /** The marker came back: the log is complete. A failure to finish the stream fails {@link #done()}. */
    void complete() {
        if (out == null) {
            done.complete(null);
            return;
        }
        try {
            out.writeBoolean(false);
            out.flush();
            done.complete(stream.closeAndGetHandle());
        } catch (IOException | RuntimeException e) {
            fail(e);
        }
    }

    /** The checkpoint cannot complete: abandons the stream (deleting what was written) and fails {@link #done()} with {@code cause}. */
    void fail(Throwable cause) {
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException | RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
        done.completeExceptionally(cause);
    }

    /**
     * Reads the log stream {@code handle} and hands each record to {@code emit}, in the order logged.
     *
     * @param classLoader loads the serializer snapshot's classes (the job's)
     * @throws IOException if the stream is no feedback log, is corrupt or cannot be read, naming it
     */
    static <T> long replay(StreamStateHandle handle, ClassLoader classLoader, Replay<T> emit) throws Exception {
        long count = 0;
        try (StreamInputView in = new StreamInputView(new BufferedInputStream(handle.openInputStream(), BUFFER_BYTES))) {
            int magic = in.readInt();
            int version = in.readInt();
            if (magic != MAGIC || version != VERSION) {
                throw new IOException("The state " + handle + " is no feedback log of version " + VERSION + " (magic " + Integer.toHexString(magic)
                        + ", version " + version + "): the checkpoint was not written by this Eddy's streaming loop head");
            }
            TypeSerializer<T> serializer = TypeSerializerSnapshots.readSerializer(in, classLoader);
            while (in.readBoolean()) {
                emit.accept(serializer.deserialize(in));
                count++;
            }
        }
        return count;
    }

    /** Takes the records of a log being replayed. */
    @FunctionalInterface
    interface Replay<T> {
        void accept(T record) throws Exception;
    }

    private static final class StreamOutputView extends DataOutputStream implements DataOutputView {

        StreamOutputView(OutputStream out) {
            super(out);
        }

        @Override
        public void skipBytesToWrite(int numBytes) throws IOException {
            write(new byte[numBytes]);
        }

        @Override
        public void write(DataInputView source, int numBytes) throws IOException {
            byte[] b = new byte[numBytes];
            source.readFully(b);
            write(b);
        }
    }

    private static final class StreamInputView extends DataInputStream implements DataInputView {

        StreamInputView(InputStream in) {
            super(in);
        }

        @Override
        public void skipBytesToRead(int numBytes) throws IOException {
            skipNBytes(numBytes);
        }
    }
}
