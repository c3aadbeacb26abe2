package io.eddy.benchmarks.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchDataTest {

    @TempDir
    Path dir;

    @Test
    void splitsOnSpacesOnly() {
        List<String> words = new ArrayList<>();
        Words.split("  ab c  def ", words::add);
        assertThat(words).containsExactly("ab", "c", "def");
        words.clear();
        Words.split("", words::add);
        assertThat(words).isEmpty();
    }

    @Test
    void wordsOfDistinctRanksDiffer() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            String w = ZipfText.word(i);
            assertThat(w).matches("[a-z]{2,14}");
            seen.add(w);
        }
        assertThat(seen).hasSize(100_000);
    }

    @Test
    void textIsDeterministicSizedAndZipfLike() throws IOException {
        ZipfText text = new ZipfText(1000);
        ByteArrayOutputStream a = new ByteArrayOutputStream();
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        long words = text.write(a, 200_000, 1);
        text.write(b, 200_000, 1);
        assertThat(a.toByteArray()).isEqualTo(b.toByteArray());
        assertThat(a.size()).isBetween(200_000, 200_000 + 16 * 15);
        Map<String, Integer> counts = new HashMap<>();
        long counted = 0;
        for (String line : a.toString(StandardCharsets.US_ASCII).split("\n")) {
            String[] ws = line.split(" ");
            assertThat(ws.length).isBetween(8, 16);
            for (String w : ws) {
                counts.merge(w, 1, Integer::sum);
                counted++;
            }
        }
        assertThat(counted).isEqualTo(words);
        // Rank 0 has probability 1 / H(1000) ~ 13.4%, rank 1 half of that.
        double first = counts.get(ZipfText.word(0)) / (double) words;
        double second = counts.get(ZipfText.word(1)) / (double) words;
        assertThat(first).isBetween(0.12, 0.15);
        assertThat(first / second).isBetween(1.8, 2.2);
    }

    @Test
    void teraRecordsAreHundredBytesWithPrintableKeys() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TeraRecords.write(out, 1000, 3);
        assertThat(out.size()).isEqualTo(100_000);
        String[] lines = out.toString(StandardCharsets.US_ASCII).split("\n");
        assertThat(lines).hasSize(1000);
        Set<String> keys = new HashSet<>();
        for (String line : lines) {
            assertThat(line).hasSize(99);
            assertThat(TeraRecords.key(line)).matches("[!-~]{10}");
            assertThat(TeraRecords.value(line)).hasSize(89).startsWith(" ");
            keys.add(TeraRecords.key(line));
        }
        assertThat(keys).hasSizeGreaterThan(990);
    }

    @Test
    void generatesOnceAndReuses() throws IOException {
        Path target = dir.resolve("sub/text.txt");
        assertThat(GenerateBatchData.generateOnce(target, o -> o.write("x y x\n".getBytes(StandardCharsets.US_ASCII)))).isTrue();
        assertThat(GenerateBatchData.generateOnce(target, o -> o.write("other".getBytes(StandardCharsets.US_ASCII)))).isFalse();
        assertThat(Files.readString(target)).isEqualTo("x y x\n");
        try (var files = Files.list(target.getParent())) {
            assertThat(files).hasSize(1);
        }
    }

    @Test
    void ceilingCountsWords() throws IOException {
        Path file = dir.resolve("t.txt");
        Files.writeString(file, "a b a\nc a\n");
        WordCountCeiling.Outcome o = WordCountCeiling.run(file);
        assertThat(o.words()).isEqualTo(5);
        assertThat(o.distinct()).isEqualTo(3);
        assertThat(o.checksum()).isEqualTo(Words.checksumShare("a", 3) + Words.checksumShare("b", 1) + Words.checksumShare("c", 1));
    }
}
