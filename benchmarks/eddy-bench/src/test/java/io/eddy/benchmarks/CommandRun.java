package io.eddy.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** An {@link EddyBench} command run in this JVM: its exit code and what it printed. */
record CommandRun(int code, String output) {

    static CommandRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        int code;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            code = EddyBench.commandLine().execute(args);
        } finally {
            System.setOut(original);
        }
        return new CommandRun(code, out.toString(StandardCharsets.UTF_8));
    }
}
