package io.eddy.api.common.io;

import io.eddy.api.common.functions.rich.RuntimeContext;
import java.io.BufferedOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Base of sinks that write files through the Hadoop {@link FileSystem} API, with a commit protocol
 * so that output appears only when the whole job succeeded.
 *
 * <p>Layout: with parallelism 1 the output is a single file at the path; with more it is a
 * directory with one file per subtask, named {@code 1}, {@code 2}, ... (subtask index + 1), and a
 * {@code _SUCCESS} marker once committed.
 *
 * <pre>
 *  initializeGlobal   (master)  path exists? NO_OVERWRITE: fail naming it; OVERWRITE: delete it.
 *                               parallelism &gt; 1: create the directory.
 *  open/writeRecord   (subtask) write to .&lt;name&gt;.inprogress.&lt;attempt&gt; (hidden: readers skip it)
 *  close              (subtask) rename it to .&lt;name&gt;.pending
 *  abort              (subtask) delete its in-progress file
 *  finalizeGlobal     (master)  rename each .&lt;name&gt;.pending to &lt;name&gt;; write _SUCCESS (directory only);
 *                               delete in-progress files left by failed attempts
 *  cleanupGlobal      (master)  delete pending and in-progress files, and the directory if it is empty
 * </pre>
 * Temporaries of a single-file output live beside it, in the parent directory. Not thread-safe:
 * the subtask part is used by one task thread, the global part by the master's job thread.
 *
 * @param <IT> the type of the records written
 */
public abstract class FileOutputFormat<IT> implements OutputFormat<IT> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FileOutputFormat.class);

    private static final String IN_PROGRESS = ".inprogress.";
    private static final String PENDING = ".pending";
    /** The commit marker of a directory output. */
    public static final String SUCCESS_MARKER = "_SUCCESS";

    private static final int BUFFER_SIZE = 64 * 1024;

    private final String outputPath;
    private WriteMode writeMode = WriteMode.NO_OVERWRITE;

    // Subtask state; owned by the sink's task thread.
    private transient RuntimeContext runtimeContext;
    private transient Path inProgressFile;
    private transient Path pendingFile;
    private transient FSDataOutputStream fileStream;
    /** The buffered stream subclasses write to, between {@link #open} and {@link #close}. */
    protected transient OutputStream stream;
    private transient org.apache.hadoop.conf.Configuration hadoopConf;

    /** @param outputPath the output file or directory, as a path or URI */
    protected FileOutputFormat(String outputPath) {
        if (outputPath == null || outputPath.isBlank()) {
            throw new IllegalArgumentException("FileOutputFormat: empty output path (expected: a file or directory path)");
        }
        this.outputPath = outputPath;
    }

    public String getOutputPath() {
        return outputPath;
    }

    public FileOutputFormat<IT> setWriteMode(WriteMode writeMode) {
        this.writeMode = Objects.requireNonNull(writeMode, "writeMode");
        return this;
    }

    public WriteMode getWriteMode() {
        return writeMode;
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.runtimeContext = context;
    }

    protected RuntimeContext getRuntimeContext() {
        return runtimeContext;
    }

    private org.apache.hadoop.conf.Configuration hadoopConfiguration() {
        if (hadoopConf == null) {
            hadoopConf = HadoopFileSystems.newConfiguration();
        }
        return hadoopConf;
    }

    private FileSystem fileSystem() throws IOException {
        return HadoopFileSystems.get(new Path(outputPath), hadoopConfiguration());
    }

    @Override
    public void initializeGlobal(int parallelism) throws IOException {
        FileSystem fs = fileSystem();
        Path path = HadoopFileSystems.qualify(new Path(outputPath), fs);
        if (fs.exists(path)) {
            if (writeMode == WriteMode.NO_OVERWRITE) {
                throw new IOException("Output path " + path + " already exists; delete it, choose another path, or"
                        + " write with WriteMode.OVERWRITE to replace it");
            }
            if (!fs.delete(path, true) && fs.exists(path)) {
                throw new IOException("Output path " + path + " exists and could not be deleted for WriteMode.OVERWRITE;"
                        + " check its permissions");
            }
        }
        if (parallelism > 1 && !fs.mkdirs(path)) {
            throw new IOException("Cannot create the output directory " + path + "; check the permissions of its parent");
        }
    }

    /** The committed file of {@code subtask}: the path itself, or {@code <path>/<subtask + 1>}. */
    private Path finalFile(int subtask, int parallelism) {
        Path path = new Path(outputPath);
        return parallelism == 1 ? path : new Path(path, Integer.toString(subtask + 1));
    }

    private static Path hidden(Path file, String suffix) {
        return new Path(file.getParent(), "." + file.getName() + suffix);
    }

    @Override
    public void open(int subtask, int parallelism) throws IOException {
        if (subtask < 0 || subtask >= parallelism) {
            throw new IllegalArgumentException("FileOutputFormat.open: subtask " + subtask + " of " + parallelism
                    + " (expected: 0 <= subtask < parallelism)");
        }
        int attempt = runtimeContext == null ? 0 : runtimeContext.getAttemptNumber();
        Path target = finalFile(subtask, parallelism);
        this.inProgressFile = hidden(target, IN_PROGRESS + attempt);
        this.pendingFile = hidden(target, PENDING);
        this.fileStream = fileSystem().create(inProgressFile, true);
        this.stream = new BufferedOutputStream(fileStream, BUFFER_SIZE);
    }

    /** Flushes and closes the subtask's file and marks it complete (pending the master's commit). */
    @Override
    public void close() throws IOException {
        OutputStream s = stream;
        if (s == null) {
            return;
        }
        stream = null;
        fileStream = null;
        s.close();
        FileSystem fs = fileSystem();
        // A restarted attempt replaces the pending output of an earlier one.
        fs.delete(pendingFile, false);
        if (!fs.rename(inProgressFile, pendingFile)) {
            throw new IOException("Cannot rename " + inProgressFile + " to " + pendingFile
                    + " to mark the subtask's output complete; check the output directory");
        }
    }

    @Override
    public void abort() {
        OutputStream s = stream;
        stream = null;
        fileStream = null;
        try {
            if (s != null) {
                s.close();
            }
        } catch (IOException e) {
            LOG.debug("Closing the aborted output {} failed: {}", inProgressFile, e.toString());
        }
        if (inProgressFile != null) {
            try {
                fileSystem().delete(inProgressFile, false);
            } catch (IOException e) {
                LOG.warn("Could not delete the aborted output {}; cleanupGlobal removes it later: {}", inProgressFile, e.toString());
            }
        }
    }

    @Override
    public void finalizeGlobal(int parallelism) throws IOException {
        FileSystem fs = fileSystem();
        for (int subtask = 0; subtask < parallelism; subtask++) {
            Path target = finalFile(subtask, parallelism);
            Path pending = hidden(target, PENDING);
            if (fs.exists(pending)) {
                if (!fs.rename(pending, target)) {
                    throw new IOException("Cannot commit " + pending + " as " + target + "; check the output directory");
                }
            } else if (!fs.exists(target)) {
                throw new FileNotFoundException("Bug: subtask " + (subtask + 1) + " of sink " + outputPath
                        + " finished but left no output " + pending);
            }
        }
        deleteInProgress(fs, parallelism);
        if (parallelism > 1) {
            fs.create(new Path(outputPath, SUCCESS_MARKER), true).close();
        }
    }

    @Override
    public void cleanupGlobal(int parallelism) throws IOException {
        FileSystem fs = fileSystem();
        for (int subtask = 0; subtask < parallelism; subtask++) {
            fs.delete(hidden(finalFile(subtask, parallelism), PENDING), false);
        }
        deleteInProgress(fs, parallelism);
        Path dir = new Path(outputPath);
        if (parallelism > 1 && fs.exists(dir) && fs.listStatus(dir).length == 0) {
            fs.delete(dir, false);
        }
    }

    /** Deletes the in-progress files of every attempt of every subtask. */
    private void deleteInProgress(FileSystem fs, int parallelism) throws IOException {
        Path dir = parallelism == 1 ? new Path(outputPath).getParent() : new Path(outputPath);
        if (dir == null || !fs.exists(dir)) {
            return;
        }
        for (int subtask = 0; subtask < parallelism; subtask++) {
            String prefix = "." + finalFile(subtask, parallelism).getName() + IN_PROGRESS;
            for (FileStatus status : fs.listStatus(dir, p -> p.getName().startsWith(prefix))) {
                fs.delete(status.getPath(), false);
            }
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + outputPath + ", " + writeMode + ")";
    }
}
