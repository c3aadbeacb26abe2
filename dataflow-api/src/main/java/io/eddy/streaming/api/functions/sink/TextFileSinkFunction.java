package io.eddy.streaming.api.functions.sink;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.io.HadoopFileSystems;
import io.eddy.api.common.io.WriteMode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.util.Objects;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

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
 * <p>Files are written through the Hadoop {@code FileSystem} API ({@code hdfs://}, {@code
 * file://}, or a plain path on the default file system); the path is qualified at plan time, in
 * the client. Used only from the task thread.
 */
public final class TextFileSinkFunction<T> extends RichSinkFunction<T> {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final WriteMode writeMode;
    private transient BufferedWriter writer;

    /**
     * @param path the output file (parallelism 1) or directory, as a URI or a path on the default file system
     * @throws UncheckedIOException if the path's file system cannot be reached
     */
    public TextFileSinkFunction(String path, WriteMode writeMode) {
        this.path = qualify(Objects.requireNonNull(path, "path"));
        this.writeMode = Objects.requireNonNull(writeMode, "writeMode");
    }

    private static String qualify(String path) {
        Path p = new Path(path);
        try {
            return HadoopFileSystems.qualify(p, HadoopFileSystems.get(p)).toString();
        } catch (IOException e) {
            throw new UncheckedIOException("writeAsText: " + e.getMessage(), e);
        }
    }

    /**
     * Checks at plan time that {@code path} may be written.
     *
     * @throws IllegalArgumentException if it exists and {@code writeMode} is NO_OVERWRITE
     * @throws UncheckedIOException if its file system cannot be reached
     */
    public static void checkWritable(String path, WriteMode writeMode) {
        if (writeMode != WriteMode.NO_OVERWRITE) {
            return;
        }
        Path p = new Path(path);
        boolean exists;
        try {
            exists = HadoopFileSystems.get(p).exists(p);
        } catch (IOException e) {
            throw new UncheckedIOException("writeAsText: cannot check whether '" + path + "' exists: " + e.getMessage(), e);
        }
        if (exists) {
            throw new IllegalArgumentException("writeAsText: '" + path + "' already exists: delete it, or pass WriteMode.OVERWRITE "
                    + "to writeAsText(path, WriteMode.OVERWRITE) to replace it");
        }
    }

    @Override
    public void open() throws Exception {
        RuntimeContext rc = getRuntimeContext();
        Path target = new Path(path);
        FileSystem fs = HadoopFileSystems.get(target);
        FileStatus existing = statusOrNull(fs, target);
        Path file;
        if (rc.getNumberOfParallelSubtasks() > 1) {
            if (existing != null && !existing.isDirectory()) {
                replaceOrFail(fs, target, false);
            }
            if (!fs.mkdirs(target)) {
                throw new IOException("writeAsText: cannot create the directory " + target + "; check the permissions of its parent");
            }
            file = new Path(target, Integer.toString(rc.getIndexOfThisSubtask() + 1));
        } else {
            if (existing != null) {
                replaceOrFail(fs, target, existing.isDirectory());
            }
            file = target;
        }
        // create() makes missing parent directories; without overwrite it fails if the file exists.
        writer = new BufferedWriter(new OutputStreamWriter(fs.create(file, writeMode == WriteMode.OVERWRITE), StandardCharsets.UTF_8),
                64 * 1024);
    }

    private static FileStatus statusOrNull(FileSystem fs, Path p) throws IOException {
        try {
            return fs.getFileStatus(p);
        } catch (java.io.FileNotFoundException e) {
            return null;
        }
    }

    private void replaceOrFail(FileSystem fs, Path target, boolean isDirectory) throws IOException {
        if (writeMode == WriteMode.NO_OVERWRITE) {
            throw new FileAlreadyExistsException(target.toString(), null,
                    "writeAsText: the path exists; delete it or use WriteMode.OVERWRITE");
        }
        if (!fs.delete(target, isDirectory) && fs.exists(target)) {
            throw new IOException("writeAsText: cannot delete " + target + " to replace it (WriteMode.OVERWRITE); check its permissions");
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
