package io.eddy.streaming.it;

import static io.eddy.streaming.it.E2e.bySubtask;
import static io.eddy.streaming.it.E2e.collectAll;
import static io.eddy.streaming.it.E2e.range;
import static io.eddy.streaming.it.E2e.sorted;
import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.api.java.tuple.Tuple3;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.source.RichParallelSourceFunction;
import io.eddy.streaming.api.functions.source.SequenceSourceFunction;
import io.eddy.streaming.api.functions.source.SourceFunction;
import io.eddy.streaming.it.TestTypes.SubtaskTagger;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every built-in source and user sources, run on the embedded cluster, compared with what they should emit. */
@Timeout(60)
class SourcesITCase {

    @AfterAll
    static void noThreadsLeftBehind() {
        E2e.assertNoLeakedThreads();
    }

    @TempDir
    Path tmp;

    @Test
    void fromElementsEmitsTheElementsInOrder() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<String> result = collectAll(env.fromElements("b", "a", "c", "a"));

        assertThat(result).containsExactly("b", "a", "c", "a");
    }

    @Test
    void fromCollectionEmitsTheCollectionInOrderAndAnEmptyCollectionNothing() throws Exception {
        List<Tuple2<String, Integer>> data = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            data.add(Tuple2.of("k" + (i % 7), i));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<Tuple2<String, Integer>> result = collectAll(env.fromCollection(data));
        List<String> empty = collectAll(StreamExecutionEnvironment.createLocalEnvironment(2).fromCollection(List.of(), Types.STRING));

        assertThat(result).containsExactlyElementsOf(data);
        assertThat(empty).isEmpty();
    }

    @Test
    void generateSequenceSplitsTheRangeIntoOneContiguousShareperSubtask() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<Tuple2<Integer, Long>> tagged = collectAll(env.generateSequence(1, 1000).map(new SubtaskTagger<>()));

        assertThat(sorted(tagged.stream().map(t -> t.f1).toList())).isEqualTo(range(1, 1000));
        Map<Integer, List<Long>> shares = bySubtask(tagged);
        assertThat(shares).hasSize(3);
        shares.forEach((subtask, values) -> {
            long[] expected = SequenceSourceFunction.rangeOf(1, 1000, subtask, 3);
            assertThat(values).as("share of subtask %d", subtask).isEqualTo(range(expected[0], expected[1]));
        });
    }

    @Test
    void readTextFileReadsEveryLineOfAFileOnceInParallelSplits() throws Exception {
        List<String> lines = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            String line = "line " + i + " " + "é✓".repeat(i % 13) + "x".repeat(i % 50);
            lines.add(line);
            text.append(line).append(i % 5 == 0 ? "\r\n" : "\n");
        }
        Path file = tmp.resolve("in.txt");
        Files.writeString(file, text.toString(), StandardCharsets.UTF_8);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<Tuple2<Integer, String>> tagged = collectAll(env.readTextFile(file.toString()).map(new SubtaskTagger<>()));

        assertThat(sorted(tagged.stream().map(t -> t.f1).toList())).isEqualTo(sorted(lines));
        assertThat(bySubtask(tagged)).as("lines per subtask").hasSize(3);
    }

    @Test
    void readTextFileOfADirectoryReadsItsVisibleFiles() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("dir"));
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 200 * (f + 1); i++) {
                String line = "file" + f + "-" + i;
                expected.add(line);
                text.append(line).append('\n');
            }
            Files.writeString(dir.resolve("part-" + f), text.toString());
        }
        Files.writeString(dir.resolve(".hidden"), "hidden\n");
        Files.writeString(dir.resolve("_SUCCESS"), "marker\n");
        Files.writeString(dir.resolve("no-newline-at-end"), "last line");
        expected.add("last line");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<Tuple2<Integer, String>> tagged = collectAll(env.readTextFile(dir.toString()).map(new SubtaskTagger<>()));

        assertThat(sorted(tagged.stream().map(t -> t.f1).toList())).isEqualTo(sorted(expected));
        assertThat(bySubtask(tagged)).as("lines per subtask").hasSize(2);
    }

    @Test
    void socketTextStreamEmitsTheLinesAServerSendsUntilItCloses() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            lines.add("message " + i);
        }
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> serveLines(server, lines));
            StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

            List<String> result = collectAll(env.socketTextStream("127.0.0.1", server.getLocalPort()).map(String::toUpperCase).setParallelism(1));

            served.get(30, TimeUnit.SECONDS);
            assertThat(result).containsExactlyElementsOf(lines.stream().map(String::toUpperCase).toList());
        }
    }

    /** Accepts one connection, writes the lines ("\r\n" after every third), closes. */
    private static void serveLines(ServerSocket server, List<String> lines) {
        try (Socket client = server.accept(); OutputStream out = client.getOutputStream()) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < lines.size(); i++) {
                text.append(lines.get(i)).append(i % 3 == 0 ? "\r\n" : "\n");
            }
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("test server failed: " + e.getMessage(), e);
        }
    }

    @Test
    void aUserSourceFunctionRunsOnceWithParallelismOne() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(3);

        List<Integer> result = collectAll(env.addSource(new Countdown(100), "Countdown", Types.INT));

        List<Integer> expected = new ArrayList<>();
        for (int i = 100; i > 0; i--) {
            expected.add(i);
        }
        assertThat(result).containsExactlyElementsOf(expected);
    }

    @Test
    void aRichParallelSourceSeesItsSubtaskIndexAndParallelism() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(2);

        List<Tuple3<Integer, Integer, Integer>> result = collectAll(env.addSource(new IndexedSource(50)).setParallelism(3));

        List<Tuple3<Integer, Integer, Integer>> expected = new ArrayList<>();
        for (int subtask = 0; subtask < 3; subtask++) {
            for (int i = 0; i < 50; i++) {
                expected.add(Tuple3.of(subtask, 3, i));
            }
        }
        assertThat(result).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** Emits n, n-1, ..., 1. */
    static final class Countdown implements SourceFunction<Integer> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private volatile boolean running = true;

        Countdown(int from) {
            this.from = from;
        }

        @Override
        public void run(SourceContext<Integer> ctx) {
            for (int i = from; i > 0 && running; i--) {
                ctx.collect(i);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Each subtask emits (subtask index, parallelism, i) for i in [0, n); its type is extracted from the class. */
    static final class IndexedSource extends RichParallelSourceFunction<Tuple3<Integer, Integer, Integer>> {
        private static final long serialVersionUID = 1L;
        private final int n;
        private volatile boolean running = true;

        IndexedSource(int n) {
            this.n = n;
        }

        @Override
        public void run(SourceContext<Tuple3<Integer, Integer, Integer>> ctx) {
            int subtask = getRuntimeContext().getIndexOfThisSubtask();
            int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
            for (int i = 0; i < n && running; i++) {
                ctx.collect(Tuple3.of(subtask, parallelism, i));
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

}
