package io.eddy.cli;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A command line in a child JVM on this JVM's class path, with its stdout, stderr and log file in a
 * test's directory: the eddy CLI as {@code scripts/eddy} runs it ({@link #eddy}), or any main class
 * ({@link #start}). Start several, then {@link #await} each: they run at once. For tests of what a
 * user sees on the console.
 *
 * @param name names the files {@code NAME.out}, {@code NAME.err}, {@code NAME.log} in the directory
 */
public record CliProcess(String name, Process process, Path stderr, Path logFile) {

    /** A line of a printed stack trace: "\tat package.Class.method(File.java:12)". */
    public static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at ");

    /**
     * Starts {@code java -Dlog4j2.configurationFile=log4j2-cli.xml -Deddy.log.file=DIR/NAME.log
     * io.eddy.cli.EddyCli ARGS}, as {@code scripts/eddy} does, with {@code env} added to the
     * environment.
     */
    public static CliProcess eddy(Path dir, String name, Map<String, String> env, String... args) throws IOException {
        return start(dir, name, env, List.of("-Dlog4j2.configurationFile=log4j2-cli.xml", "-Deddy.log.file=" + dir.resolve(name + ".log")),
                EddyCli.class.getName(), args);
    }

    /**
     * Starts {@code java JVM-OPTIONS MAIN-CLASS ARGS} in {@code dir}, with a small heap, a temporary
     * directory of its own and {@code env} added to an environment without Hadoop's and Eddy's
     * variables.
     */
    public static CliProcess start(Path dir, String name, Map<String, String> env, List<String> jvmOptions, String mainClass, String... args)
            throws IOException {
        Path tmp = Files.createDirectories(dir.resolve(name + "-tmp"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + tmp));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(List.of(args));
        Path stderr = dir.resolve(name + ".err");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(stderr.toFile());
        builder.environment().keySet().removeAll(List.of("HADOOP_CONF_DIR", "HADOOP_HOME", "EDDY_CLUSTER_SECRET", "EDDY_JAVA_OPTS"));
        builder.environment().putAll(env);
        return new CliProcess(name, builder.start(), stderr, dir.resolve(name + ".log"));
    }

    /** Waits for the command to end (a minute at the most; then it is killed and this fails). */
    public Ended await() throws IOException, InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("'" + name + "' did not end within 60 s; its stderr so far:\n" + read(stderr));
        }
        return new Ended(name, process.exitValue(), read(stderr), logFile);
    }

    /** An ended command: its exit code, its whole stderr and its log file (which may not exist). */
    public record Ended(String name, int code, String err, Path logFile) {
        /** The log file's text; empty if there is none. */
        public String log() throws IOException {
            return read(logFile);
        }
    }

    /** A port of 127.0.0.1 that nothing listens on, for a command that must fail to connect. */
    public static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
