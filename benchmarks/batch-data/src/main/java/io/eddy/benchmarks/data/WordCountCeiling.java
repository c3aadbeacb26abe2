package io.eddy.benchmarks.data;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The ceiling of the batch word count: one thread reads the file line by line, splits each line
 * with {@link Words#split} and counts in a {@code HashMap}. No serialization, no exchange, no
 * framework: what the work itself costs on one core.
 */
public final class WordCountCeiling {

    /** What a word count found; {@code checksum} is the sum of {@link Words#checksumShare} over the counts. */
    public record Outcome(long words, long distinct, long checksum, long nanos) {

        public double seconds() {
            return nanos / 1e9;
        }

        public double rate() {
            return words / Math.max(1e-9, seconds());
        }
    }

    private WordCountCeiling() {}

    /** Counts the words of {@code input}. */
    public static Outcome run(Path input) throws IOException {
        long start = System.nanoTime();
        Map<String, long[]> counts = new HashMap<>(1 << 18);
        long[] words = new long[1];
        try (BufferedReader reader = Files.newBufferedReader(input, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                Words.split(line, w -> {
                    counts.computeIfAbsent(w, k -> new long[1])[0]++;
                    words[0]++;
                });
            }
        }
        long checksum = 0;
        for (Map.Entry<String, long[]> e : counts.entrySet()) {
            checksum += Words.checksumShare(e.getKey(), e.getValue()[0]);
        }
        return new Outcome(words[0], counts.size(), checksum, System.nanoTime() - start);
    }
}
