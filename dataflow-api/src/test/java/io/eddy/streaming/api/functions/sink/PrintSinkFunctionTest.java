package io.eddy.streaming.api.functions.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.streaming.api.testutils.TestRuntimeContext;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PrintSinkFunctionTest {

    private static String print(int subtask, int parallelism, String value) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            PrintSinkFunction<String> sink = new PrintSinkFunction<>(false);
            sink.setRuntimeContext(new TestRuntimeContext(subtask, parallelism));
            sink.open();
            sink.invoke(value);
            sink.close();
        } finally {
            System.setOut(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void prefixesTheSubtaskOnlyWhenParallel() throws Exception {
        assertThat(print(0, 1, "hello")).isEqualTo("hello" + System.lineSeparator());
        assertThat(print(1, 3, "hello")).isEqualTo("2> hello" + System.lineSeparator());
    }
}
