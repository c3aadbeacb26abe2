package io.eddy.testkit.results;

import io.eddy.api.common.functions.rich.RuntimeContext;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sink of {@link ResultDirectory#recordingSink}: appends {@code String.valueOf(value)} per
 * record to {@code a<attempt>-s<subtask>-<unique>.txt} in its directory and flushes, so that a
 * line is on disk once {@code invoke} returned, whatever happens to the process next.
 */
final class RecordingSink<T> extends RichSinkFunction<T> {

    private static final long serialVersionUID = 1L;
    private static final Pattern FILE = Pattern.compile("a(\\d+)-s(\\d+)-.*\\.txt");

    private final String directory;
    /** Task thread only. */
    private transient BufferedWriter writer;

    RecordingSink(String directory) {
        this.directory = directory;
    }

    @Override
    public void open() throws IOException {
        RuntimeContext rc = getRuntimeContext();
        Path dir = Files.createDirectories(Path.of(directory));
        Path file = dir.resolve("a" + rc.getAttemptNumber() + "-s" + rc.getIndexOfThisSubtask() + "-" + UUID.randomUUID() + ".txt");
        writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    @Override
    public void invoke(T value) throws IOException {
        writer.write(String.valueOf(value));
        writer.write('\n');
        writer.flush();
    }

    @Override
    public void close() throws IOException {
        if (writer != null) {
            writer.close();
            writer = null;
        }
    }

    static int attemptOf(String fileName) {
        return Integer.parseInt(matcher(fileName).group(1));
    }

    static int subtaskOf(String fileName) {
        return Integer.parseInt(matcher(fileName).group(2));
    }

    private static Matcher matcher(String fileName) {
        Matcher m = FILE.matcher(fileName);
        if (!m.matches()) {
            throw new IllegalStateException("Bug: " + fileName + " is no file of a recording sink (a<attempt>-s<subtask>-<unique>.txt)");
        }
        return m;
    }
}
