package io.eddy.streaming.api.functions.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextFileSourceCheckpointTest {

    @TempDir
    Path dir;

    /** Writes three files of unique lines of random lengths (some ending in \r\n, one without a final newline). */
    private List<String> writeFiles() throws IOException {
        Random random = new Random(42);
        List<String> all = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
            StringBuilder text = new StringBuilder();
            int lines = 8_000 + f * 3_000;
            for (int i = 0; i < lines; i++) {
                String line = "f" + f + "-l" + i + "-" + "x".repeat(random.nextInt(40));
                all.add(line);
                text.append(line);
                if (i < lines - 1 || f != 1) {
                    text.append(random.nextInt(5) == 0 ? "\r\n" : "\n");
                }
            }
            Files.writeString(dir.resolve("part" + f + ".txt"), text, StandardCharsets.UTF_8);
        }
        Files.writeString(dir.resolve(".hidden"), "not read\n");
        return all;
    }

    @Test
    void failuresAndRescalingEmitEveryLineExactlyOnce() throws Exception {
        List<String> expected = writeFiles();
        String path = dir.toString();
        int[][] rounds = {{3, 500}, {2, 100}, {4, 0}, {1, 3_000}, {3, -1}};
        List<String> out = CheckpointedSourceDriver.runWithFailures(() -> new TextFileSourceFunction(path), rounds);
        CheckpointedSourceDriver.assertExactlyOnce(out, expected);
    }

    @Test
    void sameParallelismRestoresEveryLineExactlyOnce() throws Exception {
        List<String> expected = writeFiles();
        String path = "file://" + dir.toAbsolutePath();
        int[][] rounds = {{2, 2_000}, {2, 1}, {2, 7_000}, {2, -1}};
        List<String> out = CheckpointedSourceDriver.runWithFailures(() -> new TextFileSourceFunction(path), rounds);
        CheckpointedSourceDriver.assertExactlyOnce(out, expected);
    }
}
