package io.eddy.streaming.it;

import static io.eddy.streaming.it.E2e.range;
import static io.eddy.streaming.it.E2e.sorted;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.JobExecutionResult;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.DataStream;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.RichSinkFunction;
import io.eddy.api.common.io.WriteMode;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.testkit.results.ResultDirectory;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/** The sinks: print, text files, user sinks and collecting to the client. */
@Timeout(60)
class SinksITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    /** The mark an {@link EndlessSource} leaves when it returns from run(). */
    private static final String SOURCE_ENDED = "source-ended";
    /** Where a {@link FileLineSink} writes, in the test's {@link ResultDirectory}. */
    private static final String SINK_FILES = "sink-files";

    @TempDir
    Path tmp;

    @Test
    void printWritesToStandardOutWithSubtaskPrefixesAndToStandardErr() throws Exception {
        LoggerFactory.getLogger(SinksITCase.class).debug("logging is set up before System.out is replaced");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        env.generateSequence(1, 40).map(v -> "p-" + v).print();
        env.fromElements("e-1", "e-2").printToErr().setParallelism(1);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            env.execute("print");
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }

        List<String> expectedOut = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            long[] share = SequenceSourceFunction.rangeOf(1, 40, subtask, 2);
            for (long v = share[0]; v <= share[1]; v++) {
                expectedOut.add((subtask + 1) + "> p-" + v);
            }
        }
        assertThat(linesMatching(out, "^\\d> p-\\d+$")).containsExactlyInAnyOrderElementsOf(expectedOut);
        assertThat(linesMatching(err, "^.*e-\\d$")).containsExactly("e-1", "e-2");
    }

    private static List<String> linesMatching(ByteArrayOutputStream captured, String regex) {
        return captured.toString(StandardCharsets.UTF_8).lines().filter(l -> l.matches(regex)).toList();
    }

    @Test
    void writeAsTextWritesOneFileWithParallelismOneAndADirectoryOtherwise() throws Exception {
        Path file = tmp.resolve("out.txt");
        Path dir = tmp.resolve("out-dir");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);
        DataStream<Long> numbers = env.generateSequence(1, 1000);
        numbers.writeAsText(file.toString()).setParallelism(1);
        numbers.map(v -> "v" + v).writeAsText(dir.toString()).setParallelism(3);

        env.execute("write");

        assertThat(Files.isRegularFile(file)).isTrue();
        assertThat(sorted(Files.readAllLines(file).stream().map(Long::parseLong).toList())).isEqualTo(range(1, 1000));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly("1", "2", "3");
        }
        List<String> all = new ArrayList<>();
        for (String name : List.of("1", "2", "3")) {
            all.addAll(Files.readAllLines(dir.resolve(name)));
        }
        assertThat(sorted(all)).isEqualTo(sorted(range(1, 1000).stream().map(v -> "v" + v).toList()));
    }

    @Test
    void writeAsTextRefusesAnExistingPathAtTheCallUnlessOverwriting() throws Exception {
        Path file = tmp.resolve("existing.txt");
        Files.writeString(file, "old content\n");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        DataStream<String> words = env.fromElements("new", "content");

        assertThatThrownBy(() -> words.writeAsText(file.toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file.toString()).hasMessageContaining("OVERWRITE");
        words.writeAsText(file.toString(), WriteMode.OVERWRITE);
        env.execute("overwrite");

        assertThat(Files.readAllLines(file)).containsExactly("new", "content");
    }

    @Test
    void addSinkRunsAUserSinkWithItsLifeCycle() throws Exception {
        ResultDirectory run = ResultDirectory.create(tmp.resolve("results"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);
        env.generateSequence(1, 900).map(v -> v * v).addSink(new FileLineSink<>(run)).name("Squares Sink");

        env.execute("add sink");

        assertThat(sorted(FileLineSink.lines(run).stream().map(Long::parseLong).toList()))
                .isEqualTo(range(1, 900).stream().map(v -> v * v).toList());
        assertThat(run.marks()).containsExactly("close-0", "close-1", "close-2", "open-0", "open-1", "open-2");
    }

    /**
     * A user sink with a life cycle: marks {@code open-<i>}, writes each record's text to its own
     * file under {@value #SINK_FILES}, closes the file and marks {@code close-<i>}.
     */
    static final class FileLineSink<T> extends RichSinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory run;
        /** Task thread only. */
        private transient java.io.BufferedWriter out;

        FileLineSink(ResultDirectory run) {
            this.run = run;
        }

        @Override
        public void open() throws java.io.IOException {
            int i = getRuntimeContext().getIndexOfThisSubtask();
            Path dir = Files.createDirectories(run.directory().resolve(SINK_FILES));
            out = Files.newBufferedWriter(dir.resolve("subtask-" + i + "-" + UUID.randomUUID()));
            run.mark("open-" + i);
        }

        @Override
        public void invoke(T value) throws java.io.IOException {
            out.write(String.valueOf(value));
            out.write('\n');
        }

        @Override
        public void close() throws java.io.IOException {
            out.close();
            run.mark("close-" + getRuntimeContext().getIndexOfThisSubtask());
        }

        static List<String> lines(ResultDirectory run) throws java.io.IOException {
            List<String> lines = new ArrayList<>();
            try (var files = Files.list(run.directory().resolve(SINK_FILES))) {
                for (Path f : files.toList()) {
                    lines.addAll(Files.readAllLines(f));
                }
            }
            return lines;
        }
    }

    @Test
    void executeAndCollectWithALimitReturnsThatManyAndStopsAnEndlessJob() throws Exception {
        ResultDirectory run = ResultDirectory.create(tmp.resolve("results"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<Long> first = env.addSource(new EndlessSource(run), "Endless", Types.LONG).executeAndCollect(25);

        assertThat(first).isEqualTo(range(0, 24));
        run.awaitMark(SOURCE_ENDED, Duration.ofSeconds(30)); // the endless source was cancelled
    }

    @Test
    void executeAndCollectWithALimitAboveTheSizeReturnsEverything() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<Long> all = env.generateSequence(1, 70).executeAndCollect(1000);

        assertThat(sorted(all)).isEqualTo(range(1, 70));
    }

    @Test
    void closingTheCollectIteratorEarlyCancelsTheJob() throws Exception {
        ResultDirectory run = ResultDirectory.create(tmp.resolve("results"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);

        List<Long> read = new ArrayList<>();
        try (CloseableIterator<Long> it = env.addSource(new EndlessSource(run), "Endless", Types.LONG).executeAndCollect()) {
            for (int i = 0; i < 10 && it.hasNext(); i++) {
                read.add(it.next());
            }
        }

        assertThat(read).isEqualTo(range(0, 9));
        run.awaitMark(SOURCE_ENDED, Duration.ofSeconds(30)); // the endless source was cancelled
    }

    @Test
    void executeReturnsAResultForAJobWithOnlyAUserSink() throws Exception {
        ResultDirectory run = ResultDirectory.create(tmp.resolve("results"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(1);
        env.fromElements("only").addSink(new FileLineSink<>(run));

        JobExecutionResult result = env.execute("single");

        assertThat(result.getJobId()).isNotNull();
        assertThat(FileLineSink.lines(run)).containsExactly("only");
    }

    /** Emits 0, 1, 2, ... until cancelled, then leaves the mark {@value #SOURCE_ENDED}. */
    static final class EndlessSource implements SourceFunction<Long> {
        private static final long serialVersionUID = 1L;
        private final ResultDirectory run;
        private volatile boolean running = true;

        EndlessSource(ResultDirectory run) {
            this.run = run;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            try {
                for (long i = 0; running; i++) {
                    ctx.collect(i);
                }
            } finally {
                run.mark(SOURCE_ENDED);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }
}
