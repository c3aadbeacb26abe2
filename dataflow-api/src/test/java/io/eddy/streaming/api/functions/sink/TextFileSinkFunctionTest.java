package io.eddy.streaming.api.functions.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.eddy.api.common.io.WriteMode;
import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextFileSinkFunctionTest {

    @TempDir
    Path dir;

    private static void write(TextFileSinkFunction<Object> sink, int subtask, int parallelism, Object... values) throws Exception {
        sink.setRuntimeContext(new TestRuntimeContext(subtask, parallelism));
        sink.open();
        for (Object v : values) {
            sink.invoke(v);
        }
        sink.close();
    }

    @Test
    void parallelismOneWritesOneFile() throws Exception {
        Path out = dir.resolve("out.txt");
        write(new TextFileSinkFunction<>(out.toString(), WriteMode.NO_OVERWRITE), 0, 1, "a", 1, "ü");
        assertThat(Files.readAllLines(out)).containsExactly("a", "1", "ü");
    }

    @Test
    void parallelismAboveOneWritesOneFilePerSubtaskInADirectory() throws Exception {
        Path out = dir.resolve("out");
        write(new TextFileSinkFunction<>(out.toString(), WriteMode.NO_OVERWRITE), 0, 2, "x");
        write(new TextFileSinkFunction<>(out.toString(), WriteMode.NO_OVERWRITE), 1, 2, "y", "z");
        assertThat(Files.readAllLines(out.resolve("1"))).containsExactly("x");
        assertThat(Files.readAllLines(out.resolve("2"))).containsExactly("y", "z");
    }

    @Test
    void overwriteReplacesAndNoOverwriteRefuses() throws Exception {
        Path out = dir.resolve("out.txt");
        Files.writeString(out, "old\nold\nold\n");
        assertThatThrownBy(() -> TextFileSinkFunction.checkWritable(out.toString(), WriteMode.NO_OVERWRITE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(out.toString()).hasMessageContaining("OVERWRITE");
        TextFileSinkFunction.checkWritable(out.toString(), WriteMode.OVERWRITE);
        write(new TextFileSinkFunction<>(out.toString(), WriteMode.OVERWRITE), 0, 1, "new");
        assertThat(Files.readAllLines(out)).containsExactly("new");
        assertThatThrownBy(() -> write(new TextFileSinkFunction<>(out.toString(), WriteMode.NO_OVERWRITE), 0, 1, "x"))
                .hasMessageContaining("OVERWRITE");
    }

    @Test
    void overwriteReplacesAFileByADirectoryForParallelOutput() throws Exception {
        Path out = dir.resolve("out");
        Files.writeString(out, "old\n");
        write(new TextFileSinkFunction<>(out.toString(), WriteMode.OVERWRITE), 0, 2, "a");
        assertThat(Files.readAllLines(out.resolve("1"))).containsExactly("a");
    }
}
