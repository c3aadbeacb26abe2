package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code eddy run} hands the program as {@code System.err}, which the {@code remote}, {@code
 * yarn} and {@code yarn-session} executors take as the console for their status lines when the
 * program creates them: the progress printer's console while the printer runs, stderr itself with
 * {@code --quiet}.
 */
class RunCommandConsoleTest {

    /** A job program that prints on {@code System.err} as the executors do, and a rest without newline. */
    public static final class ConsoleProbe {
        public static void main(String[] args) {
            System.err.println("Submitted to YARN as application_1_0001: job 'probe'");
            System.err.print("a rest without newline");
        }
    }

    /** The exit code, the command's stderr writer, what reached {@code System.err}, whether {@code System.err} was put back. */
    private record Result(int code, String err, String stderr, boolean restored) {}

    private static Result run(Path dir, String... options) throws IOException {
        String[] args = new String[options.length + 2];
        args[0] = "run";
        System.arraycopy(options, 0, args, 1, options.length);
        args[args.length - 1] = probeJar(dir).toString();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream original = System.err;
        PrintStream capture = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        System.setErr(capture);
        try {
            int code = EddyCli.run(args, new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
            return new Result(code, err.toString(), stderr.toString(StandardCharsets.UTF_8), System.err == capture);
        } finally {
            System.setErr(original);
        }
    }

    @Test
    void withProgressTheProgramsStderrIsThePrintersConsole(@TempDir Path dir) throws IOException {
        Result r = run(dir);
        assertThat(r.code()).as(r.err()).isEqualTo(EddyCli.EXIT_OK);
        assertThat(r.err()).as("through the printer, to the command's stderr, in whole lines")
                .contains("Submitted to YARN as application_1_0001: job 'probe'\n").contains("a rest without newline\n");
        assertThat(r.stderr()).as("nothing straight to stderr").doesNotContain("Submitted to YARN").doesNotContain("a rest");
        assertThat(r.restored()).as("System.err put back").isTrue();
    }

    @Test
    void quietLeavesStderrAsItIs(@TempDir Path dir) throws IOException {
        Result r = run(dir, "--quiet");
        assertThat(r.code()).as(r.err()).isEqualTo(EddyCli.EXIT_OK);
        assertThat(r.stderr()).contains("Submitted to YARN as application_1_0001: job 'probe'\n").endsWith("a rest without newline");
        assertThat(r.err()).doesNotContain("Submitted to YARN");
        assertThat(r.restored()).isTrue();
    }

    private static Path probeJar(Path dir) throws IOException {
        Path jar = dir.resolve("console-probe.jar");
        if (Files.exists(jar)) {
            return jar;
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, ConsoleProbe.class.getName());
        String entry = ConsoleProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
                InputStream in = ConsoleProbe.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }
}
