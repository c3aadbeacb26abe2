package io.eddy.api.common.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextInputFormatTest {

    @TempDir
    Path dir;

    /** About 3 MB of lines of random length (0..2000 bytes, some longer than the small read buffer). */
    private List<String> writeLines(Path file, String delimiter, boolean finalDelimiter) throws IOException {
        Random random = new Random(42);
        List<String> lines = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int total = 0;
        int n = 0;
        while (total < 3_000_000) {
            int len = random.nextInt(10) == 0 ? 0 : random.nextInt(2000);
            StringBuilder line = new StringBuilder().append(n++).append(':');
            for (int i = 0; i < len; i++) {
                line.append((char) ('a' + random.nextInt(26)));
            }
            lines.add(line.toString());
            text.append(line).append(delimiter);
            total += line.length() + delimiter.length();
        }
        if (!finalDelimiter) {
            text.setLength(text.length() - delimiter.length());
        }
        Files.writeString(file, text.toString(), StandardCharsets.UTF_8);
        return lines;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 16, 61})
    void everyLineExactlyOnceOverSplits(int minSplits) throws IOException {
        Path file = dir.resolve("big.txt");
        List<String> lines = writeLines(file, "\n", true);
        TextInputFormat format = new TextInputFormat(file.toUri().toString());
        format.setBufferSize(1024);
        FileInputSplit[] splits = format.createInputSplits(minSplits);
        assertThat(splits.length).isGreaterThanOrEqualTo(minSplits);
        assertThat(Formats.readAll(format, minSplits)).containsExactlyElementsOf(lines);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 13})
    void crlfAndMissingFinalNewline(int minSplits) throws IOException {
        Path file = dir.resolve("crlf.txt");
        List<String> lines = writeLines(file, "\r\n", false);
        TextInputFormat format = new TextInputFormat(file.toString());
        assertThat(Formats.readAll(format, minSplits)).containsExactlyElementsOf(lines);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4, 11})
    void multiByteDelimiterAcrossSplitsAndBuffers(int minSplits) throws IOException {
        Path file = dir.resolve("multi.txt");
        List<String> lines = writeLines(file, "<|>", true);
        TextInputFormat format = new TextInputFormat(file.toString());
        format.setDelimiter("<|>").setBufferSize(100);
        assertThat(Formats.readAll(format, minSplits)).containsExactlyElementsOf(lines);
    }

    @Test
    void emptyLinesAreEmptyStringsAndAFinalDelimiterAddsNoLine() throws IOException {
        Path file = dir.resolve("empty.txt");
        Files.writeString(file, "a\n\n\r\nb\n\n");
        assertThat(Formats.readAll(new TextInputFormat(file.toString()), 1)).containsExactly("a", "", "", "b", "");
    }

    @Test
    void tinySplitsStillReadEveryLineOnce() throws IOException {
        Path file = dir.resolve("tiny.txt");
        Files.writeString(file, "one\ntwo\nthree\n\nfive");
        TextInputFormat format = new TextInputFormat(file.toString());
        // 20 bytes in 20 splits: most start mid-line or exactly at a line start.
        assertThat(Formats.readAll(format, 20)).containsExactly("one", "two", "three", "", "five");
    }

    @Test
    void gzipFilesAreReadWholeAndDecompressed() throws IOException {
        Path plain = dir.resolve("plain.txt");
        List<String> lines = writeLines(plain, "\n", false);
        Path gz = dir.resolve("lines.txt.gz");
        try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(plain, out);
        }
        TextInputFormat format = new TextInputFormat(gz.toString());
        FileInputSplit[] splits = format.createInputSplits(4);
        assertThat(splits).hasSize(1);
        assertThat(splits[0].getLength()).isEqualTo(Files.size(gz));
        assertThat(Formats.readAll(format, 4)).containsExactlyElementsOf(lines);
    }

    @Test
    void byteOrderMarkIsDropped() throws IOException {
        Path file = dir.resolve("bom.txt");
        Files.write(file, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'h', 'i', '\n', 'x'});
        assertThat(Formats.readAll(new TextInputFormat(file.toString()), 1)).containsExactly("hi", "x");
    }

    @Test
    void emptyFileHasNoSplits() throws IOException {
        Path file = dir.resolve("none.txt");
        Files.writeString(file, "");
        TextInputFormat format = new TextInputFormat(file.toString());
        assertThat(format.createInputSplits(4)).isEmpty();
    }

    @Test
    void invalidUtf8FailsWithFileAndLine() throws IOException {
        Path file = dir.resolve("bad.txt");
        Files.write(file, bytes("ok\nfine\nbad \u00e9", new byte[] {(byte) 0xC3, (byte) 0x28}, " end\nlast\n"));
        TextInputFormat format = new TextInputFormat(file.toString());
        assertThatThrownBy(() -> Formats.readAll(format, 1))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("bad.txt:3: invalid UTF-8 at byte 7 of the line")
                .hasMessageContaining("\"bad \u00e9")
                .hasMessageContaining("ignoreInvalidLines()")
                .satisfies(e -> assertThat(((ParseException) e).getLine()).isEqualTo(3));
    }

    @Test
    void invalidUtf8IsSkippedAndCountedWhenAsked() throws IOException {
        Path file = dir.resolve("bad.txt");
        Files.write(file, bytes("ok\n", new byte[] {(byte) 0xFF}, "\nalso ok\n", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "\n"));
        TextInputFormat format = new TextInputFormat(file.toString());
        format.ignoreInvalidLines();
        FormatTestContext context = new FormatTestContext("lines", 0);
        format.setRuntimeContext(context);
        assertThat(Formats.readAll(format, 1)).containsExactly("ok", "also ok");
        assertThat(format.getInvalidLinesAccumulatorName()).isEqualTo("lines.invalid-lines");
        assertThat(context.getLongCounter("lines.invalid-lines").get()).isEqualTo(2);
    }

    @Test
    void laterSplitsCountTheLinesBeforeTheFailingOne() throws IOException {
        Path file = dir.resolve("offsets.txt");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            text.append("line ").append(i).append('\n');
        }
        byte[] head = text.toString().getBytes(StandardCharsets.UTF_8);
        Files.write(file, bytes(new String(head, StandardCharsets.UTF_8), new byte[] {(byte) 0xC0}, "\n"));
        TextInputFormat format = new TextInputFormat(file.toString());
        FileInputSplit[] splits = format.createInputSplits(4);
        FileInputSplit last = splits[splits.length - 1];
        assertThat(last.getStart()).isPositive();
        assertThatThrownBy(() -> Formats.readSplit(format, last))
                .isInstanceOf(ParseException.class)
                .hasMessageContaining("offsets.txt:1001: invalid UTF-8")
                .satisfies(e -> assertThat(((ParseException) e).getLine()).isEqualTo(1001));
    }

    @Test
    void delimitersAreCountedAsTheReaderMatchesThemAcrossReads() throws IOException {
        Random random = new Random(7);
        for (String delimiter : List.of("\n", "\r\n", "||", "aba")) {
            StringBuilder text = new StringBuilder();
            while (text.length() < 300_000) {
                text.append("ab|\r\n".charAt(random.nextInt(5)));
            }
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            for (int length : new int[] {0, 1, 65_536, 65_537, 200_001, bytes.length}) {
                long expected = 0;
                String prefix = text.substring(0, length);
                for (int i = prefix.indexOf(delimiter); i >= 0; i = prefix.indexOf(delimiter, i + delimiter.length())) {
                    expected++;
                }
                assertThat(DelimitedInputFormat.countDelimiters(new java.io.ByteArrayInputStream(bytes), delimiter.getBytes(StandardCharsets.UTF_8),
                        length)).as("'%s' in %d bytes", delimiter, length).isEqualTo(expected);
            }
        }
    }

    @Test
    void directoriesAreReadRecursivelySkippingHiddenFiles() throws IOException {
        Files.createDirectories(dir.resolve("in/sub"));
        Files.writeString(dir.resolve("in/a.txt"), "a1\na2\n");
        Files.writeString(dir.resolve("in/sub/b.txt"), "b1\n");
        Files.writeString(dir.resolve("in/_SUCCESS"), "marker\n");
        Files.writeString(dir.resolve("in/.a.txt.crc"), "checksum\n");
        Files.createDirectories(dir.resolve("in/_temporary"));
        Files.writeString(dir.resolve("in/_temporary/c.txt"), "temp\n");
        TextInputFormat format = new TextInputFormat(dir.resolve("in").toString());
        assertThat(Formats.readAll(format, 2)).containsExactlyInAnyOrder("a1", "a2", "b1");
        assertThat(format.getStatistics(null).totalInputSize()).isEqualTo(9);
        format.setNestedFileEnumeration(false);
        assertThat(Formats.readAll(format, 2)).containsExactlyInAnyOrder("a1", "a2");
    }

    @Test
    void severalPaths() throws IOException {
        Files.writeString(dir.resolve("x.txt"), "x\n");
        Files.writeString(dir.resolve("y.txt"), "y");
        TextInputFormat format = new TextInputFormat(dir.resolve("x.txt").toString(), dir.resolve("y.txt").toString());
        assertThat(Formats.readAll(format, 1)).containsExactly("x", "y");
    }

    @Test
    void missingPathFailsAtSplitCreationNamingThePath() {
        TextInputFormat format = new TextInputFormat(dir.resolve("nope/missing.txt").toString());
        assertThatThrownBy(() -> format.createInputSplits(2))
                .isInstanceOf(java.io.FileNotFoundException.class)
                .hasMessageContaining("Input path does not exist")
                .hasMessageContaining("nope/missing.txt");
    }

    @Test
    void overlongRecordNamesTheDelimiter() throws IOException {
        Path file = dir.resolve("long.txt");
        Files.writeString(file, "x".repeat(5000));
        TextInputFormat format = new TextInputFormat(file.toString());
        format.setBufferSize(64).setMaxRecordLength(1024);
        assertThatThrownBy(() -> Formats.readAll(format, 1))
                .hasMessageContaining("long.txt:1: record longer than 1024 bytes without a delimiter '\\n'");
    }

    @Test
    void splitsCarryTheHostsOfTheirBlocks() throws IOException {
        Path file = dir.resolve("blocks.txt");
        List<String> lines = writeLines(file, "\n", true);
        String uri = "blocktest://" + file.toAbsolutePath();
        TextInputFormat format = new TextInputFormat(uri);
        FileInputSplit[] splits = format.createInputSplits(1);
        // 3 MB in 256 KiB blocks: splits are cut at block size, each on the host of its block.
        assertThat(splits).hasSizeGreaterThanOrEqualTo(11);
        for (FileInputSplit split : splits) {
            assertThat(split.getPath()).startsWith("blocktest:");
            long block = split.getStart() / BlockTestFileSystem.BLOCK_SIZE;
            assertThat(split.getHostnames()).containsExactly("host-" + (block % 3));
        }
        assertThat(Formats.readAll(format, 1)).containsExactlyElementsOf(lines);
    }

    private static byte[] bytes(Object... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Object part : parts) {
            byte[] b = part instanceof byte[] raw ? raw : part.toString().getBytes(StandardCharsets.UTF_8);
            out.write(b, 0, b.length);
        }
        return out.toByteArray();
    }
}
