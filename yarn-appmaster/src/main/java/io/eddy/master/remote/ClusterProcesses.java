package io.eddy.master.remote;

import io.eddy.runtime.cluster.rpc.HostPort;
import io.eddy.runtime.rpc.Secret;
import io.eddy.runtime.worker.ContainerMain;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts and stops master and worker processes on this machine: the same JVM binary as this
 * process ({@code ProcessHandle.current().info().command()}) with this process's class path. Used
 * by {@code eddy cluster start/stop} and by the test kit.
 *
 * <p>Each process writes its console output to {@code DIR/NAME.out} and its log to {@code
 * DIR/NAME.log}. The secret reaches workers through the environment variable {@code
 * EDDY_CLUSTER_SECRET} and the master through a file, never through the command line, where
 * {@code ps} would show it.
 */
public final class ClusterProcesses {

    public static final String MASTER_MAIN = "io.eddy.master.remote.MasterMain";
    public static final String WORKER_MAIN = "io.eddy.runtime.worker.ContainerMain";
    /** The garbage collector of Eddy's processes, here and in YARN containers: the throughput collector. */
    public static final String COLLECTOR = "-XX:+UseParallelGC";
    /**
     * JVM options of the processes unless the caller gives others: {@link #defaultJvmOptions(Path)}
     * of this machine.
     */
    public static final List<String> DEFAULT_JVM_OPTIONS = defaultJvmOptions(Path.of("/sys/kernel/mm/transparent_hugepage/enabled"));

    /**
     * {@code -Xmx512m -XX:+UseParallelGC}, and transparent huge pages for the heap unless {@code
     * thpSetting} (the kernel's {@code transparent_hugepage/enabled}) says {@code [never]}: a
     * combiner's or keyed state's objects spread over far more memory than the processor's TLB maps
     * with 4 KB pages (docs/benchmarks.md, "The machine"), and where the kernel offers no huge pages
     * the JVM would warn on every start. A file that cannot be read (not Linux) leaves them out too.
     */
    static List<String> defaultJvmOptions(Path thpSetting) {
        String setting;
        try {
            setting = Files.readString(thpSetting);
        } catch (IOException e) {
            setting = "[never]";
        }
        return setting.contains("[never]") ? List.of("-Xmx512m", COLLECTOR) : List.of("-Xmx512m", COLLECTOR, "-XX:+UseTransparentHugePages");
    }

    private ClusterProcesses() {}

    /**
     * A started process and its files. Its console output is appended to {@code outFile} (which keeps the output
     * of earlier processes of the same name in that directory); this process's own output starts at
     * byte {@code outStart}.
     */
    public record Launched(String name, Process process, Path logFile, Path outFile, long outStart) {

        public long pid() {
            return process.pid();
        }

        /** The console output of this process so far (not that of earlier processes in the same file). */
        public String output() throws IOException {
            if (!Files.exists(outFile)) {
                return "";
            }
            try (SeekableByteChannel channel = Files.newByteChannel(outFile)) {
                channel.position(outStart);
                return new String(Channels.newInputStream(channel).readAllBytes(), StandardCharsets.UTF_8);
            }
        }

        /** The last {@code lines} lines of this process's console output (for error messages). */
        public String outputTail(int lines) {
            try {
                List<String> all = output().lines().toList();
                List<String> last = all.subList(Math.max(0, all.size() - lines), all.size());
                return last.isEmpty() ? "  (no output in " + outFile + ")" : "  " + String.join(System.lineSeparator() + "  ", last);
            } catch (IOException e) {
                return "  (cannot read " + outFile + ": " + e.getMessage() + ")";
            }
        }
    }

    /**
     * Starts a master process with {@code MasterMain --host HOST --port PORT --secret-file FILE}.
     * Use {@link #awaitMasterAddress} to learn its address.
     */
    public static Launched startMaster(Path dir, String host, int port, Path secretFile, List<String> jvmOptions) throws IOException {
        List<String> args = List.of("--host", host, "--port", Integer.toString(port), "--secret-file", secretFile.toAbsolutePath().toString());
        return start(dir, "master", MASTER_MAIN, jvmOptions, args, null);
    }

    /** Starts a worker process with {@code ContainerMain --master ADDRESS --slots N --name NAME}, the secret in its environment. */
    public static Launched startWorker(Path dir, String name, InetSocketAddress master, int slots, Secret secret, List<String> jvmOptions)
            throws IOException {
        return startWorker(dir, name, master, slots, secret, jvmOptions, List.of());
    }

    /** {@link #startWorker(Path, String, InetSocketAddress, int, Secret, List)} with {@code extraArgs} for {@code ContainerMain}. */
    public static Launched startWorker(Path dir, String name, InetSocketAddress master, int slots, Secret secret, List<String> jvmOptions,
            List<String> extraArgs) throws IOException {
        List<String> args = new ArrayList<>(List.of("--master", HostPort.format(master), "--slots", Integer.toString(slots), "--name", name,
                "--tmp-dir", dir.resolve("tmp").toAbsolutePath().toString()));
        args.addAll(extraArgs);
        Files.createDirectories(dir.resolve("tmp"));
        return start(dir, name, WORKER_MAIN, jvmOptions, args, secret);
    }

    /**
     * The JVM option naming the log of process {@code name} of the cluster in {@code dir}: on the
     * command line of every process started here, so that it tells which cluster and process it is.
     */
    public static String logFileOption(Path dir, String name) {
        return "-Deddy.log.file=" + dir.toAbsolutePath().normalize().resolve(name + ".log");
    }

    private static Launched start(Path dir, String name, String mainClass, List<String> jvmOptions, List<String> args, Secret secret)
            throws IOException {
        Files.createDirectories(dir);
        Path log = dir.resolve(name + ".log").toAbsolutePath();
        Path out = dir.resolve(name + ".out").toAbsolutePath();
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(jvmOptions);
        command.add("-Dlog4j2.configurationFile=log4j2-process.xml");
        command.add(logFileOption(dir, name));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()));
        builder.environment().remove(ContainerMain.SECRET_ENVIRONMENT_VARIABLE);
        if (secret != null) {
            builder.environment().put(ContainerMain.SECRET_ENVIRONMENT_VARIABLE, secret.toEncodedString());
        }
        long outStart = Files.exists(out) ? Files.size(out) : 0;
        return new Launched(name, builder.start(), log, out, outStart);
    }

    /**
     * Waits until the master prints {@code Master listening on HOST:PORT} and returns that address.
     *
     * @throws IOException if the master exits first or does not print the line within {@code timeout};
     *     the message quotes the end of its output (e.g. "address already in use")
     */
    public static InetSocketAddress awaitMasterAddress(Launched master, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            InetSocketAddress address = findListeningLine(master.output());
            if (address != null) {
                return address;
            }
            if (!master.process().isAlive()) {
                throw new IOException("The master process exited with status " + master.process().exitValue() + " before it listened:"
                        + System.lineSeparator() + master.outputTail(15));
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("The master process (pid " + master.pid() + ") did not start listening within " + timeout.toSeconds()
                        + " s; its output ends with:" + System.lineSeparator() + master.outputTail(15));
            }
            // Wake up as soon as the process exits, else re-read its output shortly.
            master.process().waitFor(50, TimeUnit.MILLISECONDS);
        }
    }

    /** The URL of the master's web endpoint as it printed it ({@link MasterMain#WEB_PREFIX}), if it did. */
    public static Optional<String> webEndpoint(Launched master) throws IOException {
        return master.output().lines().filter(l -> l.startsWith(MasterMain.WEB_PREFIX))
                .map(l -> l.substring(MasterMain.WEB_PREFIX.length()).trim()).findFirst();
    }

    private static InetSocketAddress findListeningLine(String output) {
        for (String line : output.lines().toList()) {
            if (line.startsWith(MasterMain.LISTENING_PREFIX)) {
                return HostPort.parse(line.substring(MasterMain.LISTENING_PREFIX.length()).trim(), "the master's address line");
            }
        }
        return null;
    }

    /**
     * Stops a process: SIGTERM, then SIGKILL if it has not exited after {@code grace}.
     *
     * @return true if it exited on SIGTERM, false if it had to be killed
     */
    public static boolean stop(ProcessHandle process, Duration grace) throws InterruptedException {
        if (!process.isAlive()) {
            return true;
        }
        process.destroy();
        try {
            process.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            process.destroyForcibly();
            try {
                process.onExit().get(grace.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e2) {
                throw new IllegalStateException("Process " + process.pid() + " did not exit even after SIGKILL within " + grace.toSeconds() + " s", e2);
            }
            return false;
        }
    }

    static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
