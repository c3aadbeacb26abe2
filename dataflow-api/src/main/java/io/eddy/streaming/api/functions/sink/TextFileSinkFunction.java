package io.eddy.streaming.api.functions.sink;

import io.eddy.api.common.functions.RuntimeContext;
import io.eddy.streaming.api.functions.source.TextFileSourceFunction;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Writes each record's {@code toString()} as a UTF-8 line. With parallelism 1 the sink writes the
 * file {@code path}; with parallelism {@code n > 1}, {@code path} is a directory holding the files
 * {@code 1..n}, one per subtask. With {@link WriteMode#NO_OVERWRITE} an existing path is an error
 * (also checked at plan time, by {@link #checkWritable}); with {@link WriteMode#OVERWRITE} it is replaced.
 *
 * <p><b>No guarantee across failures.</b> The sink takes no part in checkpoints: it writes
 * straight into its file, which is complete only when the job finished. If a job restarts from a
 * checkpoint, the restarted sink opens its file anew: with {@link WriteMode#OVERWRITE} it starts
 * over, losing what was written before the failure that the replay does not repeat; with {@link
 * WriteMode#NO_OVERWRITE} the restart fails because the file exists. Meant for batch-like jobs and
 * tests; for exactly-once output of a checkpointed job use {@link FileSink}.
 *
 * <p>Local file system only for now. Used only from the task thread.
 */
public final class TextFileSinkFunction<T> extends RichSinkFunction<T> {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final WriteMode writeMode;
    private transient BufferedWriter writer;

    public TextFileSinkFunction(String path, WriteMode writeMode) {
        this.path = Objects.requireNonNull(path, "path");
        this.writeMode = Objects.requireNonNull(writeMode, "writeMode");
    }

    /**
     * Checks at plan time that {@code path} may be written.
     *
     * @throws IllegalArgumentException if it exists and {@code writeMode} is NO_OVERWRITE
     */
    public static void checkWritable(String path, WriteMode writeMode) {
        Path p = TextFileSourceFunction.toLocalPath(path);
        if (writeMode == WriteMode.NO_OVERWRITE && Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("writeAsText: '" + path + "' already exists: delete it, or pass WriteMode.OVERWRITE "
                    + "to writeAsText(path, WriteMode.OVERWRITE) to replace it");
        }
    }

    @Override
    public void open() throws Exception {
        RuntimeContext rc = getRuntimeContext();
        Path target = TextFileSourceFunction.toLocalPath(path);
        Path file;
        if (rc.getNumberOfParallelSubtasks() > 1) {
            if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                replaceOrFail(target);
            }
            Files.createDirectories(target);
            file = target.resolve(Integer.toString(rc.getIndexOfThisSubtask() + 1));
        } else {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                replaceOrFail(target);
            }
            if (target.toAbsolutePath().getParent() != null) {
                Files.createDirectories(target.toAbsolutePath().getParent());
            }
            file = target;
        }
        StandardOpenOption mode = writeMode == WriteMode.OVERWRITE ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.CREATE_NEW;
        writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode);
    }

    private void replaceOrFail(Path target) throws IOException {
        if (writeMode == WriteMode.NO_OVERWRITE) {
            throw new FileAlreadyExistsException(target.toString(), null,
                    "writeAsText: the path exists; delete it or use WriteMode.OVERWRITE");
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> walk = Files.walk(target)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        } else {
            Files.deleteIfExists(target);
        }
    }

    @Override
    public void invoke(T value) throws IOException {
        writer.write(String.valueOf(value));
        writer.write('\n');
    }

    @Override
    public void close() throws IOException {
        if (writer != null) {
            writer.close();
            writer = null;
        }
    }
}
