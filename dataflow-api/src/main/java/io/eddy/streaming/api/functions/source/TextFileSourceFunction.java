package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.api.common.state.CheckpointedFunction;
import io.eddy.api.common.state.FunctionInitializationContext;
import io.eddy.api.common.state.FunctionSnapshotContext;
import io.eddy.api.common.state.ListState;
import io.eddy.api.common.state.ListStateDescriptor;
import io.eddy.api.common.io.HadoopFileSystems;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A parallel source emitting the lines of a UTF-8 text file, or of all files in a directory (not
 * recursive; names starting with {@code .} or {@code _} are skipped). The files are cut into byte
 * ranges ({@link #computeSplits}) dealt round-robin to the subtasks. A line belongs to the split in
 * which it starts: a split that does not start at offset 0 skips up to and including the first
 * newline at or after {@code start - 1}, and a split reads its last line past its end. Lines end
 * with {@code \n} or {@code \r\n}; the terminator is not part of the line.
 *
 * <p><b>Exactly once with checkpoints.</b> The splits a subtask has not finished are its state: a
 * split list of {@link SplitProgress} ({@code "text-file-splits"}) holding, for the split being
 * read, the offset of the next line; it advances together with each emitted line under the
 * checkpoint lock. After a restore, also with another parallelism, the remaining splits are dealt
 * out over the subtasks and each resumes at its recorded line: every line is emitted exactly once.
 * The files must not change while the job runs.
 *
 * <p><b>File systems.</b> Files are read through the Hadoop {@code FileSystem} API: {@code
 * hdfs://} and {@code file://} URIs, and plain paths, which are on the default file system ({@code
 * fs.defaultFS}: the local one unless Hadoop's configuration names another). The path is qualified
 * once, at plan time in the client, so the subtasks of every worker read the same files, and the
 * splits in a checkpoint name their files by full URI.
 *
 * <p>{@link #run} runs on the source thread; {@link
 * #initializeState}, {@link #open} and {@link #snapshotState} on the task thread (snapshots while
 * holding the checkpoint lock); {@link #cancel} may be called from any thread.
 */
public final class TextFileSourceFunction extends RichParallelSourceFunction<String> implements CheckpointedFunction {

    private static final long serialVersionUID = 1L;

    static final String STATE_NAME = "text-file-splits";

    /** One byte range of one file: {@code [start, end)}. */
    public record FileSplit(String path, long start, long end) implements java.io.Serializable {}

    /**
     * A split not read to its end, as checkpointed: {@code resumeAt} is the offset of the next
     * line to read, or -1 if reading has not started.
     */
    public record SplitProgress(String path, long start, long end, long resumeAt) {}

    private final String path;
    /** Written by the cancelling thread, read by the source thread. */
    private volatile boolean running = true;

    private transient ListState<SplitProgress> state;
    /** Splits not finished yet, the one being read first; null until set up. Guarded by the checkpoint lock once run() started. */
    private transient ArrayDeque<SplitProgress> pendingSplits;
    /** Where the head of {@link #pendingSplits} resumes: -1 for its beginning. Guarded by the checkpoint lock. */
    private transient long currentResumeAt;

    /** A file to read: its qualified URI and its length in bytes. */
    public record SourceFile(String uri, long length) {}

    /**
     * @param path a file or directory: an {@code hdfs://} or {@code file://} URI, or a path on the
     *     default file system
     * @throws IllegalArgumentException if {@code path} does not exist (checked now, at plan time)
     * @throws UncheckedIOException if its file system cannot be reached
     */
    public TextFileSourceFunction(String path) {
        this.path = qualify(path);
        listFiles(this.path);
    }

    /** {@code path} absolute and with its file system's scheme and authority, as a string. */
    static String qualify(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("readTextFile: path '" + path + "' (expected: a file or directory path or URI)");
        }
        Path p = new Path(path);
        try {
            return HadoopFileSystems.qualify(p, HadoopFileSystems.get(p)).toString();
        } catch (IOException e) {
            throw new UncheckedIOException("readTextFile: " + e.getMessage(), e);
        }
    }

    /**
     * The files {@code path} names, in name order: the file itself, or the visible files directly in
     * the directory (not recursive; names starting with {@code .} or {@code _} are skipped).
     *
     * @throws IllegalArgumentException if {@code path} does not exist, naming it
     * @throws UncheckedIOException if its file system fails
     */
    public static List<SourceFile> listFiles(String path) {
        Path p = new Path(path);
        try {
            FileSystem fs = HadoopFileSystems.get(p);
            FileStatus status;
            try {
                status = fs.getFileStatus(p);
            } catch (FileNotFoundException e) {
                throw new IllegalArgumentException("readTextFile: the file or directory '" + path + "' does not exist"
                        + " (qualified: " + HadoopFileSystems.qualify(p, fs) + "); check the path");
            }
            if (!status.isDirectory()) {
                return List.of(sourceFile(fs, status));
            }
            FileStatus[] children = fs.listStatus(status.getPath());
            Arrays.sort(children, Comparator.comparing((FileStatus c) -> c.getPath().getName()));
            List<SourceFile> files = new ArrayList<>();
            for (FileStatus child : children) {
                String name = child.getPath().getName();
                if (child.isFile() && !name.startsWith(".") && !name.startsWith("_")) {
                    files.add(sourceFile(fs, child));
                }
            }
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("readTextFile: cannot list '" + path + "': " + e.getMessage(), e);
        }
    }

    private static SourceFile sourceFile(FileSystem fs, FileStatus status) {
        return new SourceFile(fs.makeQualified(status.getPath()).toString(), status.getLen());
    }

    /**
     * Cuts {@code files} into splits of about {@code totalBytes / parallelism} bytes (at least
     * one byte); empty files get no split. Every subtask computes the same list.
     */
    public static List<FileSplit> computeSplits(List<SourceFile> files, int parallelism) {
        long total = 0;
        for (SourceFile f : files) {
            total += f.length();
        }
        long target = Math.max(1, (total + parallelism - 1) / parallelism);
        List<FileSplit> splits = new ArrayList<>();
        for (SourceFile f : files) {
            for (long start = 0; start < f.length(); start += target) {
                splits.add(new FileSplit(f.uri(), start, Math.min(f.length(), start + target)));
            }
        }
        return splits;
    }

    /** The splits subtask {@code subtask} of {@code parallelism} reads: every {@code parallelism}-th, from its index. */
    public static List<FileSplit> splitsOf(List<FileSplit> all, int subtask, int parallelism) {
        List<FileSplit> mine = new ArrayList<>();
        for (int i = subtask; i < all.size(); i += parallelism) {
            mine.add(all.get(i));
        }
        return mine;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        state = context.getOperatorStateStore().getListState(new ListStateDescriptor<>(STATE_NAME, SplitProgress.class));
        if (context.isRestored()) {
            pendingSplits = new ArrayDeque<>();
            for (SplitProgress s : state.get()) {
                pendingSplits.add(s);
            }
            currentResumeAt = pendingSplits.isEmpty() ? -1 : pendingSplits.peek().resumeAt();
        }
    }

    @Override
    public void open() throws Exception {
        ensureSplits();
    }

    /** On a fresh start: this subtask's splits, computed from the files and the runtime context. */
    private void ensureSplits() throws IOException {
        if (pendingSplits != null) {
            return;
        }
        RuntimeContext rc = getRuntimeContext();
        List<FileSplit> all = computeSplits(listFiles(path), rc.getNumberOfParallelSubtasks());
        pendingSplits = new ArrayDeque<>();
        for (FileSplit split : splitsOf(all, rc.getIndexOfThisSubtask(), rc.getNumberOfParallelSubtasks())) {
            pendingSplits.add(new SplitProgress(split.path(), split.start(), split.end(), -1));
        }
        currentResumeAt = -1;
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        ensureSplits();
        List<SplitProgress> remaining = new ArrayList<>(pendingSplits.size());
        boolean head = true;
        for (SplitProgress s : pendingSplits) {
            remaining.add(head ? new SplitProgress(s.path(), s.start(), s.end(), currentResumeAt) : s);
            head = false;
        }
        state.update(remaining);
    }

    @Override
    public void run(SourceContext<String> ctx) throws Exception {
        Object lock = ctx.getCheckpointLock();
        while (running) {
            SplitProgress split;
            long resumeAt;
            synchronized (lock) {
                ensureSplits();
                split = pendingSplits.peek();
                resumeAt = currentResumeAt;
            }
            if (split == null) {
                return;
            }
            try (SplitReader reader = new SplitReader(new FileSplit(split.path(), split.start(), split.end()), resumeAt)) {
                String line;
                while (running && (line = reader.nextLine()) != null) {
                    synchronized (lock) {
                        ctx.collect(line);
                        currentResumeAt = reader.position();
                    }
                }
            }
            if (!running) {
                return;
            }
            synchronized (lock) {
                pendingSplits.poll();
                SplitProgress following = pendingSplits.peek();
                currentResumeAt = following == null ? -1 : following.resumeAt();
            }
        }
    }

    /** Reads the lines that start in {@code split}, in order, passing each to {@code out}; stops early when cancelled. */
    public void readSplit(FileSplit split, Consumer<String> out) throws IOException {
        try (SplitReader reader = new SplitReader(split, -1)) {
            String line;
            while (running && (line = reader.nextLine()) != null) {
                out.accept(line);
            }
        }
    }

    /**
     * Reads the lines starting in one split, from its beginning ({@code resumeAt < 0}: skipping
     * the partial first line of a split that does not start at 0) or from a line start recorded
     * in a checkpoint. Used by one thread.
     */
    private static final class SplitReader implements AutoCloseable {

        private final InputStream in;
        private final long end;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
        /** The offset of the next byte {@code in} returns. */
        private long pos;
        private boolean exhausted;

        SplitReader(FileSplit split, long resumeAt) throws IOException {
            Path file = new Path(split.path());
            FSDataInputStream raw;
            try {
                raw = HadoopFileSystems.get(file).open(file);
            } catch (FileNotFoundException e) {
                throw new FileNotFoundException("readTextFile: the input file " + split.path() + " disappeared while the job ran"
                        + " (the files must not change until the job ends): " + e.getMessage());
            }
            this.end = split.end();
            this.pos = resumeAt >= 0 ? resumeAt : Math.max(0, split.start() - 1);
            try {
                raw.seek(pos);
            } catch (IOException e) {
                raw.close();
                throw new IOException("readTextFile: cannot seek to offset " + pos + " of " + split.path() + " (did the file shrink?): "
                        + e.getMessage(), e);
            }
            this.in = new BufferedInputStream(raw, 64 * 1024);
            if (resumeAt < 0 && split.start() > 0) {
                int b;
                do {
                    b = in.read();
                    pos++;
                } while (b != -1 && b != '\n');
                exhausted = b == -1;
            }
        }

        /** The next line starting before the split's end, or null. */
        String nextLine() throws IOException {
            if (exhausted || pos >= end) {
                return null;
            }
            line.reset();
            int b = in.read();
            if (b == -1) {
                exhausted = true;
                return null;
            }
            while (b != -1 && b != '\n') {
                line.write(b);
                pos++;
                b = in.read();
            }
            pos = b == -1 ? pos : pos + 1;
            exhausted = b == -1;
            return decode(line);
        }

        /** Where the line after the last one returned starts. */
        long position() {
            return pos;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    private static String decode(ByteArrayOutputStream line) {
        byte[] bytes = line.toByteArray();
        int len = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return new String(bytes, 0, len, StandardCharsets.UTF_8);
    }

    @Override
    public void cancel() {
        running = false;
    }
}
