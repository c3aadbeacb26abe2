package io.eddy.testkit.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.streaming.api.functions.sink.Encoder;
import io.eddy.streaming.api.functions.sink.FileSink;
import io.eddy.streaming.api.functions.sink.SinkFunction;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Serializable;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * How a test's job reports back to the test wherever its functions run: in this JVM (the embedded
 * cluster), in worker processes, or in YARN containers on this machine. A serializable handle on a
 * local directory that the job's functions capture in their fields, so no static field is needed.
 *
 * <pre>
 * results/
 *   marks/                  flat: marks ({@link #mark}) and counter increments ({@link #increment})
 *   records/&lt;sink&gt;/         one file per sink subtask and attempt ({@link #recordingSink})
 *   totals/&lt;name&gt;/          one file per copy of a running total ({@link #total})
 *   committed/&lt;name&gt;/       part files of an exactly-once {@link FileSink} ({@link #committingSink}), or
 *                           a job's own output ({@link #outputUri}); or under {@link #withCommittedOutput
 *                           another base}, e.g. on HDFS
 * </pre>
 *
 * <p>Writing side (job functions, any process, any thread): {@link #recordingSink}, {@link
 * #committingSink}, {@link #outputUri}, {@link #mark}, {@link #marked}, {@link #awaitMarkFromFunction}, {@link #increment},
 * {@link #total}.
 * Reading side (the test thread): {@link #await}, {@link #awaitMark}, {@link #awaitCount}, {@link
 * #marks}, {@link #counters}, {@link #count}, {@link #totalOf}, {@link #awaitTotal}, {@link #records}, {@link #lines}, {@link
 * #committedLines}, {@link #outputLines}. The test waits for marks without sleeping: it is woken
 * by file creations in {@code marks/}. Create one per test ({@link #create}) and close it
 * in the test (closing only stops the test's watcher; copies in functions need no closing).
 */
public final class ResultDirectory implements Serializable, AutoCloseable {

    private static final long serialVersionUID = 1L;
    private static final String MARKS = "marks";
    private static final String RECORDS = "records";
    private static final String COMMITTED = "committed";
    private static final String TOTALS = "totals";
    /** Separates a counter's name from the unique suffix of one increment in {@code marks/}. */
    private static final String COUNTER_SEPARATOR = "+";

    private final String root;
    /** Base URI of the committing sinks' output; {@code file:} under {@code root} unless set. */
    private final String committedBase;
    /** The test thread's watcher of {@code marks/}, opened on first wait; never set in a function's copy. */
    private transient MarkDirectory watcher;

    private ResultDirectory(String root, String committedBase) {
        this.root = root;
        this.committedBase = committedBase;
    }

    /** A result directory at {@code directory} (created if missing), e.g. a JUnit {@code @TempDir}. */
    public static ResultDirectory create(Path directory) throws IOException {
        Path root = directory.toAbsolutePath();
        Files.createDirectories(root.resolve(MARKS));
        Files.createDirectories(root.resolve(RECORDS));
        Files.createDirectories(root.resolve(COMMITTED));
        return new ResultDirectory(root.toString(), root.resolve(COMMITTED).toUri().toString());
    }

    /**
     * The same directory, but the committing sinks write under {@code baseUri} (any file system the
     * {@link FileSink} supports, e.g. {@code hdfs://host:port/dir}); the readers read from there.
     */
    public ResultDirectory withCommittedOutput(String baseUri) {
        return new ResultDirectory(root, baseUri.endsWith("/") ? baseUri.substring(0, baseUri.length() - 1) : baseUri);
    }

    /** The local directory. */
    public Path directory() {
        return Path.of(root);
    }

    // ---- writing side: job functions -------------------------------------------------------

    /**
     * A sink that records {@code String.valueOf} of every value it receives, one line each, in its
     * own file per subtask and attempt, flushed per record: what reached the sink stays readable
     * even if the process is killed the next moment. Read with {@link #records} or {@link #lines}.
     */
    public <T> SinkFunction<T> recordingSink(String name) {
        return new RecordingSink<>(Path.of(root, RECORDS, checkName(name)).toString());
    }

    /**
     * An exactly-once sink (the row-format {@link FileSink} of {@code String.valueOf} lines): its
     * output becomes visible as committed part files only with completed checkpoints. Read with
     * {@link #committedLines}, which also checks that nothing uncommitted is left.
     */
    public SinkFunction<String> committingSink(String name) {
        return FileSink.forRowFormat(committedUri(name), Encoder.<String>simpleString()).build();
    }

    /**
     * Leaves the mark {@code name}; returns false if it existed already. The creation is atomic: of
     * several subtasks or processes racing for a mark exactly one gets true ("fail once").
     */
    public boolean mark(String name) {
        return MarkDirectory.mark(Path.of(root, MARKS).toString(), checkName(name));
    }

    /**
     * A running total named {@code name} for a function to capture and add to (a copy per subtask
     * and process, summed by {@link #total}): for counts too large for {@link #increment}.
     */
    public Total total(String name) {
        return new Total(Path.of(root, TOTALS, checkName(name)).toString());
    }

    /** Whether the mark {@code name} exists now (a function checks whether the test released it, say). */
    public boolean marked(String name) {
        return Files.exists(Path.of(root, MARKS, checkName(name)));
    }

    /**
     * For a function (or any thread): waits until the mark {@code name} exists, woken by new marks
     * through a watcher it opens and closes itself; returns false if {@code timeout} passed first.
     */
    public boolean awaitMarkFromFunction(String name, Duration timeout) throws IOException, InterruptedException {
        try (MarkDirectory marks = MarkDirectory.watch(Path.of(root, MARKS))) {
            return marks.tryAwait(names -> names.contains(checkName(name)) ? Optional.of(true) : Optional.empty(), timeout).isPresent();
        }
    }

    /** Adds one to the counter {@code name} (any process); read with {@link #count}, wait with {@link #awaitCount}. */
    public void increment(String name) {
        String unique = ProcessHandle.current().pid() + "-" + UUID.randomUUID();
        if (!MarkDirectory.mark(Path.of(root, MARKS).toString(), checkName(name) + COUNTER_SEPARATOR + unique)) {
            throw new IllegalStateException("Bug: the increment " + unique + " of counter " + name + " exists already");
        }
    }

    // ---- reading side: the test -----------------------------------------------------------

    /** The marks present now (counter increments left out), sorted. */
    public List<String> marks() throws IOException {
        return allMarks().stream().filter(n -> !n.contains(COUNTER_SEPARATOR)).toList();
    }

    /** The sum of what all copies of {@link #total(String) total} {@code name} added so far. */
    public long totalOf(String name) throws IOException {
        return Total.read(Path.of(root, TOTALS, checkName(name)));
    }

    /**
     * Waits until the sum of {@link #total(String) total} {@code name} reached at least {@code
     * atLeast}; returns it then. Woken by every write of a copy (no polling).
     */
    public long awaitTotal(String name, long atLeast, Duration timeout) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(Path.of(root, TOTALS, checkName(name)));
        try (WatchService writes = FileSystems.getDefault().newWatchService()) {
            dir.register(writes, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                long sum = Total.read(dir);
                if (sum >= atLeast) {
                    return sum;
                }
                long left = deadline - System.nanoTime();
                WatchKey key = left <= 0 ? null : writes.poll(left, TimeUnit.NANOSECONDS);
                if (key == null) {
                    throw new AssertionError("Waited " + timeout.toSeconds() + " s for total " + name + " to reach " + atLeast + "; it is " + sum);
                }
                key.pollEvents();
                key.reset();
            }
        }
    }

    /** The names of the counters incremented so far, sorted. */
    public List<String> counters() throws IOException {
        return allMarks().stream().filter(n -> n.contains(COUNTER_SEPARATOR)).map(n -> n.substring(0, n.indexOf(COUNTER_SEPARATOR)))
                .distinct().toList();
    }

    /** The value of counter {@code name} now. */
    public long count(String name) throws IOException {
        return countIn(allMarks(), name);
    }

    /**
     * Waits until {@code condition} finds what it looks for in the current {@link #marks} and
     * returns it; evaluated at once and on every new mark or increment.
     *
     * @throws AssertionError naming {@code what} and the marks present if {@code timeout} passes first
     */
    public <T> T await(Function<List<String>, Optional<T>> condition, String what, Duration timeout)
            throws IOException, InterruptedException {
        return watcher().await(names -> condition.apply(names.stream().filter(n -> !n.contains(COUNTER_SEPARATOR)).toList()), what, timeout);
    }

    /** Waits until the mark {@code name} exists. */
    public void awaitMark(String name, Duration timeout) throws IOException, InterruptedException {
        await(names -> names.contains(name) ? Optional.of(true) : Optional.empty(), "the mark " + name, timeout);
    }

    /** Waits until counter {@code name} reached at least {@code atLeast}; returns its value then. */
    public long awaitCount(String name, long atLeast, Duration timeout) throws IOException, InterruptedException {
        return watcher().await(names -> {
            long c = countIn(names, name);
            return c >= atLeast ? Optional.of(c) : Optional.empty();
        }, "counter " + name + " to reach " + atLeast, timeout);
    }

    /** One recorded line: the subtask and attempt of the sink that wrote it. */
    public record Recorded(int attempt, int subtask, String line) {}

    /**
     * Every line sink {@code name} recorded, ordered by attempt, then subtask, then as written (a
     * subtask's lines of one attempt are in the order it received them).
     */
    public List<Recorded> records(String name) throws IOException {
        Path dir = Path.of(root, RECORDS, checkName(name));
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> listed = Files.list(dir)) {
            files = listed.sorted(Comparator.comparing((Path f) -> RecordingSink.attemptOf(f.getFileName().toString()))
                    .thenComparing(f -> RecordingSink.subtaskOf(f.getFileName().toString()))
                    .thenComparing(f -> f.getFileName().toString())).toList();
        }
        List<Recorded> records = new ArrayList<>();
        for (Path f : files) {
            String file = f.getFileName().toString();
            int attempt = RecordingSink.attemptOf(file);
            int subtask = RecordingSink.subtaskOf(file);
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                records.add(new Recorded(attempt, subtask, line));
            }
        }
        return records;
    }

    /** The lines of {@link #records}, without where they came from. */
    public List<String> lines(String name) throws IOException {
        return records(name).stream().map(Recorded::line).toList();
    }

    /**
     * The lines of the committed part files of committing sink {@code name}; fails unless there
     * are some and every file there is a committed part ({@code part-<subtask>-<n>}: nothing in
     * progress or pending left).
     */
    public List<String> committedLines(String name) throws IOException {
        org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(committedUri(name));
        FileSystem fs = dir.getFileSystem(new org.apache.hadoop.conf.Configuration());
        FileStatus[] files = fs.listStatus(dir);
        assertThat(Arrays.stream(files).map(f -> f.getPath().getName()).toList()).as("files of committing sink %s in %s", name, dir)
                .isNotEmpty().allMatch(n -> n.matches("part-\\d+-\\d+"), "committed parts (part-<subtask>-<n>) only");
        List<String> lines = new ArrayList<>();
        for (FileStatus file : files) {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
                reader.lines().forEach(lines::add);
            }
        }
        return lines;
    }

    /**
     * Where a job writes output {@code name} with a sink of its own choice (e.g. a DataSet's {@code
     * writeAsCsv}): under the committed base, so on HDFS if {@link #withCommittedOutput} says so.
     * Read with {@link #outputLines}.
     */
    public String outputUri(String name) {
        return committedUri(name);
    }

    /**
     * The lines of the files of output {@code name} (a directory, or one file), leaving out those
     * whose names start with {@code _} or {@code .} (markers and in-progress files); fails if there
     * is no output.
     */
    public List<String> outputLines(String name) throws IOException {
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path(committedUri(name));
        FileSystem fs = out.getFileSystem(new org.apache.hadoop.conf.Configuration());
        assertThat(fs.exists(out)).as("output %s exists", out).isTrue();
        List<String> lines = new ArrayList<>();
        for (FileStatus file : fs.listStatus(out)) {
            String fileName = file.getPath().getName();
            if (fileName.startsWith("_") || fileName.startsWith(".")) {
                continue;
            }
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
                reader.lines().forEach(lines::add);
            }
        }
        return lines;
    }

    /** Stops the test's watcher, if one was opened. */
    @Override
    public void close() throws IOException {
        if (watcher != null) {
            watcher.close();
            watcher = null;
        }
    }

    @Override
    public String toString() {
        return "ResultDirectory[" + root + (committedBase.startsWith("file:") ? "" : ", committed output under " + committedBase) + "]";
    }

    private String committedUri(String name) {
        String base = committedBase.endsWith("/") ? committedBase : committedBase + "/";
        return URI.create(base).resolve(checkName(name)).toString();
    }

    private MarkDirectory watcher() throws IOException {
        if (watcher == null) {
            watcher = MarkDirectory.watch(Path.of(root, MARKS));
        }
        return watcher;
    }

    private List<String> allMarks() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(root, MARKS))) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    private static long countIn(List<String> names, String counter) {
        String prefix = counter + COUNTER_SEPARATOR;
        return names.stream().filter(n -> n.startsWith(prefix)).count();
    }

    private static String checkName(String name) {
        if (name.isEmpty() || !name.matches("[A-Za-z0-9._@=-]+")) {
            throw new IllegalArgumentException("name: '" + name + "' (expected: letters, digits and . _ @ = - only, a file name on every system)");
        }
        return name;
    }
}
