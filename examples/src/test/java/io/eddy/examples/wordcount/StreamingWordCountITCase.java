package io.eddy.examples.wordcount;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.java.tuple.Tuple2;
import io.eddy.streaming.api.datastream.CloseableIterator;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Runs the streaming word count on the embedded cluster. */
@Timeout(120)
class StreamingWordCountITCase {

    private static final String[] LINES = {"the quick brown fox", "jumps over the lazy dog", "The dog sleeps; the fox runs.", "fox"};
    private static final Map<String, Integer> EXPECTED = Map.of(
            "the", 4, "quick", 1, "brown", 1, "fox", 3, "jumps", 1, "over", 1, "lazy", 1, "dog", 2, "sleeps", 1, "runs", 1);

    @Test
    void rollingSumsCountUpToTheExactCountOfEachWord() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        List<Tuple2<String, Integer>> results = new ArrayList<>();
        try (CloseableIterator<Tuple2<String, Integer>> it = StreamingWordCount.counts(env.fromElements(LINES)).executeAndCollect()) {
            it.forEachRemaining(results::add);
        }

        Map<String, List<Integer>> perWord = new HashMap<>();
        for (Tuple2<String, Integer> t : results) {
            perWord.computeIfAbsent(t.f0, w -> new ArrayList<>()).add(t.f1);
        }
        assertThat(perWord.keySet()).containsExactlyInAnyOrderElementsOf(EXPECTED.keySet());
        EXPECTED.forEach((word, count) -> {
            // One update per occurrence, in order per key: 1, 2, ..., count.
            List<Integer> expectedSums = new ArrayList<>();
            for (int i = 1; i <= count; i++) {
                expectedSums.add(i);
            }
            assertThat(perWord.get(word)).as("rolling sums of '%s'", word).isEqualTo(expectedSums);
        });
    }

    @Test
    void mainReadsAFileAndWritesTheCounts(@TempDir Path dir) throws Exception {
        Path input = dir.resolve("input.txt");
        Files.write(input, List.of(LINES), StandardCharsets.UTF_8);
        Path output = dir.resolve("counts");

        int code = new CommandLine(new StreamingWordCount())
                .execute("--input", input.toString(), "--output", output.toString(), "--parallelism", "2");

        assertThat(code).isZero();
        assertThat(finalCounts(output)).isEqualTo(EXPECTED);
    }

    @Test
    void missingInputIsAUsageError(@TempDir Path dir) {
        CommandLine cli = new CommandLine(new StreamingWordCount());
        java.io.StringWriter err = new java.io.StringWriter();
        cli.setErr(new java.io.PrintWriter(err));
        int code = cli.execute("--input", dir.resolve("nope.txt").toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("nope.txt does not exist");
    }

    /** The largest count written per word: its final count. Reads a file or every file of a directory. */
    private static Map<String, Integer> finalCounts(Path output) throws Exception {
        List<Path> files;
        if (Files.isDirectory(output)) {
            try (Stream<Path> s = Files.list(output)) {
                files = s.filter(Files::isRegularFile).toList();
            }
        } else {
            files = List.of(output);
        }
        Pattern tuple = Pattern.compile("\\((.*),(\\d+)\\)");
        Map<String, Integer> counts = new HashMap<>();
        for (Path file : files) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Matcher m = tuple.matcher(line);
                assertThat(m.matches()).as("line '%s' of %s", line, file).isTrue();
                counts.merge(m.group(1), Integer.parseInt(m.group(2)), Math::max);
            }
        }
        return counts;
    }
}
