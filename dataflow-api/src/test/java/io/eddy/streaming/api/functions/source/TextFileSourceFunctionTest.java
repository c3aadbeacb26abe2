package io.eddy.streaming.api.functions.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.streaming.api.testutils.CollectingSourceContext;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextFileSourceFunctionTest {

    @TempDir
    Path dir;

    private static List<String> readAll(String path, List<Path> files, long splitBytes) throws IOException {
        TextFileSourceFunction f = new TextFileSourceFunction(path);
        List<String> lines = new ArrayList<>();
        for (Path file : files) {
            long size = Files.size(file);
            for (long start = 0; start < size; start += splitBytes) {
                f.readSplit(new TextFileSourceFunction.FileSplit(file.toString(), start, Math.min(size, start + splitBytes)), lines::add);
            }
        }
        return lines;
    }

    @Test
    void everySplitSizeYieldsEachLineExactlyOnce() throws IOException {
        String content = "first\r\n\nsecond line\nüñíçødé ☃ line\n" + "x".repeat(40) + "\nlast without newline";
        Path file = dir.resolve("a.txt");
        Files.writeString(file, content, StandardCharsets.UTF_8);
        List<String> expected = List.of("first", "", "second line", "üñíçødé ☃ line", "x".repeat(40), "last without newline");
        long size = Files.size(file);
        for (long splitBytes = 1; splitBytes <= size + 1; splitBytes++) {
            assertThat(readAll(file.toString(), List.of(file), splitBytes)).as("split size %d", splitBytes).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void trailingNewlineAddsNoEmptyLine() throws IOException {
        Path file = dir.resolve("b.txt");
        Files.writeString(file, "a\nb\n");
        for (long splitBytes = 1; splitBytes <= 5; splitBytes++) {
            assertThat(readAll(file.toString(), List.of(file), splitBytes)).containsExactly("a", "b");
        }
    }

    @Test
    void randomLinesSurviveAnyParallelism() throws Exception {
        Random random = new Random(42);
        List<String> expected = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            String line = "line-" + i + "-" + "y".repeat(random.nextInt(30));
            expected.add(line);
            sb.append(line).append('\n');
        }
        Path file = dir.resolve("c.txt");
        Files.writeString(file, sb.toString());
        for (int parallelism = 1; parallelism <= 5; parallelism++) {
            List<String> all = new ArrayList<>();
            for (int subtask = 0; subtask < parallelism; subtask++) {
                TextFileSourceFunction f = new TextFileSourceFunction(file.toString());
                f.setRuntimeContext(new TestRuntimeContext(subtask, parallelism));
                CollectingSourceContext<String> ctx = new CollectingSourceContext<>();
                f.run(ctx);
                all.addAll(ctx.getElements());
            }
            assertThat(all).as("parallelism %d", parallelism).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void aDirectoryReadsAllVisibleFiles() throws Exception {
        Files.writeString(dir.resolve("1.txt"), "a\nb\n");
        Files.writeString(dir.resolve("2.txt"), "c");
        Files.writeString(dir.resolve(".hidden"), "not me\n");
        Files.writeString(dir.resolve("_SUCCESS"), "nor me\n");
        Files.createDirectory(dir.resolve("sub"));
        TextFileSourceFunction f = new TextFileSourceFunction(dir.toString());
        f.setRuntimeContext(new TestRuntimeContext(0, 1));
        CollectingSourceContext<String> ctx = new CollectingSourceContext<>();
        f.run(ctx);
        assertThat(ctx.getElements()).containsExactly("a", "b", "c");
    }

    @Test
    void splitsAreDealtRoundRobinAndCoverEveryByte() throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Files.write(a, new byte[10]);
        Files.write(b, new byte[5]);
        List<TextFileSourceFunction.SourceFile> files = TextFileSourceFunction.listFiles(dir.toString());
        assertThat(files).extracting(TextFileSourceFunction.SourceFile::uri).containsExactly(a.toUri().toString().replace("file:///", "file:/"),
                b.toUri().toString().replace("file:///", "file:/"));
        List<TextFileSourceFunction.FileSplit> splits = TextFileSourceFunction.computeSplits(files, 3);
        assertThat(splits).extracting(TextFileSourceFunction.FileSplit::start).containsExactly(0L, 5L, 0L);
        assertThat(splits).extracting(TextFileSourceFunction.FileSplit::end).containsExactly(5L, 10L, 5L);
        assertThat(TextFileSourceFunction.splitsOf(splits, 0, 2)).containsExactly(splits.get(0), splits.get(2));
        assertThat(TextFileSourceFunction.splitsOf(splits, 1, 2)).containsExactly(splits.get(1));
    }

    @Test
    void aMissingPathIsAPlanTimeErrorNamingIt() {
        String missing = dir.resolve("nope.txt").toString();
        assertThatThrownBy(() -> new TextFileSourceFunction(missing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(missing).hasMessageContaining("does not exist");
    }
}
