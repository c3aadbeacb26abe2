package io.eddy.testkit.results;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * A running total that functions add to from any process, read by the test after the job ({@link
 * ResultDirectory#total}): for high-volume counts (a key selector's calls), where a mark per event
 * would be too many files; a function may also read the sum ({@link #sum}), e.g. how far a consumer
 * got. Each deserialized copy writes its own total to its own file (8 bytes,
 * rewritten in place on every {@link #add}), so copies in different threads and processes never
 * contend; the reader sums the files. To wait for a count, use {@link ResultDirectory#increment}.
 */
public final class Total implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String directory;
    /** This copy's total and file; the thread that uses the copy (a function is used by its task's thread). */
    private transient long value;
    private transient FileChannel file;
    private transient ByteBuffer buffer;

    Total(String directory) {
        this.directory = directory;
    }

    /** Adds {@code delta}; the new total of this copy is on disk when it returns. */
    public void add(long delta) {
        try {
            if (file == null) {
                Path dir = Files.createDirectories(Path.of(directory));
                file = FileChannel.open(dir.resolve(ProcessHandle.current().pid() + "-" + UUID.randomUUID()), StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE);
                buffer = ByteBuffer.allocate(Long.BYTES);
            }
            value += delta;
            buffer.clear();
            buffer.putLong(value).flip();
            while (buffer.hasRemaining()) {
                file.write(buffer, buffer.position());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the total in " + directory, e);
        }
    }

    /** Adds one. */
    public void increment() {
        add(1);
    }

    /** The sum of the totals of all copies, as far as they were written (any process; a function may read another's progress). */
    public long sum() {
        try {
            return read(Path.of(directory));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the total in " + directory, e);
        }
    }

    /** The sum of the totals of all copies written under {@code directory}. */
    static long read(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        long sum = 0;
        try (var files = Files.list(directory)) {
            for (Path f : files.toList()) {
                byte[] bytes = Files.readAllBytes(f);
                if (bytes.length == Long.BYTES) {
                    sum += ByteBuffer.wrap(bytes).getLong();
                } else if (bytes.length != 0) {
                    throw new IllegalStateException("Bug: the total file " + f + " holds " + bytes.length + " bytes (expected: 8, or 0 before the first add)");
                }
            }
        }
        return sum;
    }
}
