package io.eddy.api.common.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileOutputFormatTest {

    @TempDir
    Path dir;

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void writeSubtask(TextOutputFormat<String> sink, int subtask, int parallelism, String... lines) throws IOException {
        sink.open(subtask, parallelism);
        for (String line : lines) {
            sink.writeRecord(line);
        }
        sink.close();
    }

    @Test
    void sinksTravelSerializedWithTheJob() throws Exception {
        Path target = dir.resolve("ser.txt");
        TextOutputFormat<String> sink = new TextOutputFormat<>(target.toString());
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(sink);
        }
        @SuppressWarnings("unchecked")
        TextOutputFormat<String> copy = (TextOutputFormat<String>) new java.io.ObjectInputStream(
                new java.io.ByteArrayInputStream(bytes.toByteArray())).readObject();
        copy.initializeGlobal(1);
        writeSubtask(copy, 0, 1, "via copy");
        copy.finalizeGlobal(1);
        assertThat(Files.readString(target)).isEqualTo("via copy\n");
    }

    @Test
    void noOverwriteFailsOnAnExistingPathNamingIt() throws IOException {
        Path existing = Files.writeString(dir.resolve("result.txt"), "old");
        TextOutputFormat<String> sink = new TextOutputFormat<>(existing.toString());
        assertThat(sink.getWriteMode()).isEqualTo(WriteMode.NO_OVERWRITE);
        assertThatThrownBy(() -> sink.initializeGlobal(1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Output path file:" + existing + " already exists")
                .hasMessageContaining("WriteMode.OVERWRITE");
        assertThat(Files.readString(existing)).isEqualTo("old");
    }

    @Test
    void overwriteReplacesAFileWithADirectory() throws IOException {
        Path target = Files.writeString(dir.resolve("result"), "old");
        TextOutputFormat<String> sink = new TextOutputFormat<>(target.toString());
        sink.setWriteMode(WriteMode.OVERWRITE);
        sink.initializeGlobal(2);
        writeSubtask(sink, 0, 2, "a");
        writeSubtask(sink, 1, 2, "b", "c");
        sink.finalizeGlobal(2);
        assertThat(names(target)).containsExactly("1", "2", "_SUCCESS");
        assertThat(Files.readString(target.resolve("2"))).isEqualTo("b\nc\n");
    }

    @Test
    void outputIsInvisibleUntilFinalizeGlobal() throws IOException {
        Path target = dir.resolve("out");
        TextOutputFormat<Integer> sink = new TextOutputFormat<>(target.toString(), i -> "n=" + i);
        sink.initializeGlobal(3);
        for (int subtask = 0; subtask < 3; subtask++) {
            sink.open(subtask, 3);
            sink.writeRecord(subtask);
            sink.close();
        }
        // Only hidden files so far: a reader of the directory sees nothing.
        assertThat(names(target)).allMatch(n -> n.startsWith("."));
        assertThat(Formats.readAll(new TextInputFormat(target.toString()), 1)).isEmpty();
        sink.finalizeGlobal(3);
        assertThat(names(target)).containsExactly("1", "2", "3", "_SUCCESS");
        assertThat(Formats.readAll(new TextInputFormat(target.toString()), 1)).containsExactly("n=0", "n=1", "n=2");
    }

    @Test
    void parallelismOneWritesASingleFile() throws IOException {
        Path target = dir.resolve("single.txt");
        TextOutputFormat<String> sink = new TextOutputFormat<>(target.toString());
        sink.initializeGlobal(1);
        writeSubtask(sink, 0, 1, "x", "y");
        assertThat(Files.exists(target)).isFalse();
        sink.finalizeGlobal(1);
        assertThat(Files.readString(target)).isEqualTo("x\ny\n");
        assertThat(names(dir)).containsExactly("single.txt");
    }

    @Test
    void cleanupGlobalRemovesTemporariesOfFailedAndFinishedSubtasks() throws IOException {
        Path target = dir.resolve("failed");
        TextOutputFormat<String> sink = new TextOutputFormat<>(target.toString());
        sink.initializeGlobal(2);
        writeSubtask(sink, 0, 2, "done");
        sink.open(1, 2);
        sink.writeRecord("half");
        // Subtask 1 dies without close() or abort(); the job fails.
        assertThat(names(target)).hasSize(2);
        sink.cleanupGlobal(2);
        assertThat(Files.exists(target)).isFalse();
    }

    @Test
    void abortDeletesTheSubtasksFileAndARetryCommits() throws IOException {
        Path target = dir.resolve("retry.txt");
        TextOutputFormat<String> first = new TextOutputFormat<>(target.toString());
        first.initializeGlobal(1);
        first.open(0, 1);
        first.writeRecord("lost");
        first.abort();
        assertThat(names(dir)).isEmpty();

        TextOutputFormat<String> retry = new TextOutputFormat<>(target.toString());
        retry.setRuntimeContext(new FormatTestContext("sink", 1));
        writeSubtask(retry, 0, 1, "kept");
        retry.finalizeGlobal(1);
        assertThat(Files.readString(target)).isEqualTo("kept\n");
        assertThat(names(dir)).containsExactly("retry.txt");
    }

    @Test
    void finalizeRemovesInProgressFilesOfEarlierAttempts() throws IOException {
        Path target = dir.resolve("attempts");
        TextOutputFormat<String> zombie = new TextOutputFormat<>(target.toString());
        zombie.initializeGlobal(2);
        zombie.open(0, 2);
        zombie.writeRecord("attempt 0");
        TextOutputFormat<String> sink = new TextOutputFormat<>(target.toString());
        sink.setRuntimeContext(new FormatTestContext("sink", 1));
        writeSubtask(sink, 0, 2, "attempt 1");
        writeSubtask(sink, 1, 2, "other");
        sink.finalizeGlobal(2);
        zombie.abort();
        assertThat(names(target)).containsExactly("1", "2", "_SUCCESS");
        assertThat(Files.readString(target.resolve("1"))).isEqualTo("attempt 1\n");
    }
}
