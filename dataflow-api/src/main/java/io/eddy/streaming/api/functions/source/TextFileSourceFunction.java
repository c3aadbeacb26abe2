package io.eddy.streaming.api.functions.source;

import io.eddy.api.common.functions.RuntimeContext;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A parallel source emitting the lines of a UTF-8 text file, or of all files in a directory (not
 * recursive; names starting with {@code .} or {@code _} are skipped). The files are cut into byte
 * ranges ({@link #computeSplits}) dealt round-robin to the subtasks. A line belongs to the split in
 * which it starts: a split that does not start at offset 0 skips up to and including the first
 * newline at or after {@code start - 1}, and a split reads its last line past its end. Lines end
 * with {@code \n} or {@code \r\n}; the terminator is not part of the line.
 *
 * <p>Local file system only (java.nio) for now. {@link #run} runs on the task thread; {@link
 * #cancel} may be called from another thread.
 */
public final class TextFileSourceFunction extends RichParallelSourceFunction<String> {

    private static final long serialVersionUID = 1L;

    /** One byte range of one file: {@code [start, end)}. */
    public record FileSplit(String path, long start, long end) implements java.io.Serializable {}

    private final String path;
    /** Written by the cancelling thread, read by the task thread. */
    private volatile boolean running = true;

    /**
     * @throws IllegalArgumentException if {@code path} does not exist or is not a local path (checked now, at plan time)
     */
    public TextFileSourceFunction(String path) {
        this.path = path;
        listFiles(path);
    }

    /** The files {@code path} names, in name order, with their sizes checked to exist. */
    public static List<Path> listFiles(String path) {
        Path p = toLocalPath(path);
        if (!Files.exists(p)) {
            throw new IllegalArgumentException("readTextFile: the file or directory '" + path + "' does not exist"
                    + " (absolute: " + p.toAbsolutePath() + "); check the path");
        }
        if (!Files.isDirectory(p)) {
            return List.of(p);
        }
        try (Stream<Path> files = Files.list(p)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith(".") && !f.getFileName().toString().startsWith("_"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("readTextFile: cannot list the directory '" + path + "': " + e.getMessage(), e);
        }
    }

    /** A local path for {@code path}, a plain path or a {@code file:} URI. */
    public static Path toLocalPath(String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("path: '" + path + "' (expected: a file or directory path)");
        }
        if (path.startsWith("file:")) {
            return Paths.get(URI.create(path));
        }
        if (path.matches("^[a-zA-Z][a-zA-Z0-9+.-]+://.*")) {
            throw new IllegalArgumentException("path '" + path + "': only local paths and file: URIs are supported so far");
        }
        return Paths.get(path);
    }

    /**
     * Cuts {@code files} into splits of about {@code totalBytes / parallelism} bytes (at least
     * one byte); empty files get no split. Every subtask computes the same list.
     */
    public static List<FileSplit> computeSplits(List<Path> files, int parallelism) throws IOException {
        long total = 0;
        List<Long> sizes = new ArrayList<>();
        for (Path f : files) {
            long size = Files.size(f);
            sizes.add(size);
            total += size;
        }
        long target = Math.max(1, (total + parallelism - 1) / parallelism);
        List<FileSplit> splits = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            long size = sizes.get(i);
            for (long start = 0; start < size; start += target) {
                splits.add(new FileSplit(files.get(i).toString(), start, Math.min(size, start + target)));
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
    public void run(SourceContext<String> ctx) throws Exception {
        RuntimeContext rc = getRuntimeContext();
        List<FileSplit> splits = computeSplits(listFiles(path), rc.getNumberOfParallelSubtasks());
        for (FileSplit split : splitsOf(splits, rc.getIndexOfThisSubtask(), rc.getNumberOfParallelSubtasks())) {
            if (!running) {
                return;
            }
            readSplit(split, line -> {
                synchronized (ctx.getCheckpointLock()) {
                    ctx.collect(line);
                }
            });
        }
    }

    /** Reads the lines that start in {@code split}, in order, passing each to {@code out}; stops early when cancelled. */
    public void readSplit(FileSplit split, Consumer<String> out) throws IOException {
        Path file = Paths.get(split.path());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long pos = Math.max(0, split.start() - 1);
            channel.position(pos);
            InputStream in = new BufferedInputStream(Channels.newInputStream(channel), 64 * 1024);
            if (split.start() > 0) {
                int b;
                do {
                    b = in.read();
                    pos++;
                } while (b != -1 && b != '\n');
                if (b == -1) {
                    return;
                }
            }
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            while (running && pos < split.end()) {
                line.reset();
                int b = in.read();
                if (b == -1) {
                    return;
                }
                while (b != -1 && b != '\n') {
                    line.write(b);
                    pos++;
                    b = in.read();
                }
                pos++;
                out.accept(decode(line));
            }
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
