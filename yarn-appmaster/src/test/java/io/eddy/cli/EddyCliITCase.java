package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.master.remote.ClusterProcesses;
import io.eddy.master.remote.ProcessClusterExtension;
import io.eddy.master.web.MasterWebServer;
import io.eddy.runtime.rpc.Secret;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The eddy command line, in this JVM through {@link EddyCli#run}; the cluster commands start real processes. */
@Timeout(180)
class EddyCliITCase {

    /** Output and exit code of one command line. */
    private record Result(int code, String out, String err) {}

    private static Result eddy(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = EddyCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void runWithAMissingJarIsAUsageErrorNamingThePath(@TempDir Path dir) {
        Path missing = dir.resolve("no-such-app.jar");
        Result r = eddy("run", missing.toString());
        assertThat(r.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(r.err()).contains("Job jar not found: " + missing.toAbsolutePath());
    }

    @Test
    void unknownOptionsAreUsageErrors() {
        assertThat(eddy("run", "--no-such-option", "x.jar").code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(eddy("frobnicate").code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(eddy("cancel", "--master", "127.0.0.1:1", "not-a-job-id").code()).isEqualTo(EddyCli.EXIT_USAGE);
    }

    @Test
    void runAgainstAnUnreachableMasterNamesTheAddressAndHowToStartACluster(@TempDir Path dir) throws Exception {
        Path jar = jobJar(dir);
        Path secret = dir.resolve("secret");
        Secret.generate().writeTo(secret);
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        Result r = eddy("run", "--master", "127.0.0.1:" + port, "--secret-file", secret.toString(), jar.toString(), dir.resolve("out").toString());
        assertThat(r.code()).isEqualTo(EddyCli.EXIT_FAILURE);
        assertThat(r.err()).contains("127.0.0.1:" + port).contains("cluster start");
    }

    @Test
    void aFailingJobProgramExitsWithOneAndPrintsTheCause(@TempDir Path dir) throws Exception {
        Result r = eddy("run", jobJar(dir).toString(), "fail");
        assertThat(r.code()).isEqualTo(EddyCli.EXIT_FAILURE);
        assertThat(r.err()).contains("the job program failed on purpose");
    }

    @Test
    void runPrintsTheJobsProgressOnStandardErrorUnlessQuiet(@TempDir Path dir) throws Exception {
        Path jar = jobJar(dir);
        Result run = eddy("run", jar.toString(), "execute");
        assertThat(run.code()).as(run.err()).isEqualTo(EddyCli.EXIT_OK);
        assertThat(run.err()).as("the first block").containsPattern("Job 'cli test job' (CREATED|RUNNING|FINISHED), \\d+\\.\\d s\n  Source: ");
        assertThat(run.err()).as("the summary").containsPattern("Job 'cli test job' FINISHED, \\d+\\.\\d s");
        assertThat(run.out()).doesNotContain("cli test job");

        Result quiet = eddy("run", "--quiet", jar.toString(), dir.resolve("counts-quiet.txt").toString());
        assertThat(quiet.code()).as(quiet.err()).isEqualTo(EddyCli.EXIT_OK);
        assertThat(quiet.err()).doesNotContain("Job '");
        assertThat(Files.readAllLines(dir.resolve("counts-quiet.txt"))).containsExactly("0=200", "1=200", "2=200", "3=200", "4=200");
    }

    @Test
    void everythingAfterTheJobJarGoesToTheJobOptionsIncluded(@TempDir Path dir) throws Exception {
        Path jar = jobJar(dir);
        Path echoed = dir.resolve("args.txt");
        // -p and --name are options of 'eddy run' too: after the jar they are the job's.
        Result r = eddy("run", "-p", "2", jar.toString(), "echo", echoed.toString(), "--input", "in.txt", "-p", "3", "--name", "x", "--", "--help");
        assertThat(r.code()).as(r.err()).isEqualTo(EddyCli.EXIT_OK);
        assertThat(Files.readAllLines(echoed)).containsExactly("--input", "in.txt", "-p", "3", "--name", "x", "--", "--help");

        Path planned = dir.resolve("plan-args.txt");
        eddy("plan", jar.toString(), "echo", planned.toString(), "--input", "in.txt");
        assertThat(Files.readAllLines(planned)).containsExactly("--input", "in.txt");
    }

    @Test
    void theDemoPassesTheOptionsItDoesNotKnowToTheExample() {
        Result r = eddy("demo", "--events", "1000", "--parallelism", "2", "--quiet");
        assertThat(r.code()).as(r.err()).isNotEqualTo(EddyCli.EXIT_USAGE);
        assertThat(r.err()).doesNotContain("Unknown option");
    }

    @Test
    void demoWithoutTheExamplesOnTheClassPathSaysHowToRunIt() {
        Result r = eddy("demo", "--events", "1000");
        if (r.code() != EddyCli.EXIT_OK) {
            assertThat(r.err()).contains(DemoCommand.DEMO_CLASS);
        }
    }

    @Test
    void clusterStartRunListStopRoundTripLeavesNoProcessBehind(@TempDir Path dir) throws Exception {
        Path clusterDir = dir.resolve("cluster");
        List<String> start = new ArrayList<>(List.of("cluster", "start", "--workers", "1", "--slots", "2", "--port", "0", "--dir", clusterDir.toString()));
        ProcessClusterExtension.TEST_JVM_OPTIONS.forEach(o -> start.add("--jvm-option=" + o));
        Result started = eddy(start.toArray(new String[0]));
        List<Long> pids = new ArrayList<>();
        try {
            assertThat(started.code()).as("start: %s %s", started.out(), started.err()).isZero();
            assertThat(started.out()).contains("Master listening on 127.0.0.1:").containsPattern("Web endpoint at http://127\\.0\\.0\\.1:\\d+/ ");
            for (String line : Files.readAllLines(clusterDir.resolve("processes"))) {
                pids.add(Long.parseLong(line.split(" ")[1]));
            }
            assertThat(pids).hasSize(2).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isPresent());
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(clusterDir.resolve("secret")))).isEqualTo("rw-------");

            Result status = eddy("cluster", "status", "--dir", clusterDir.toString());
            assertThat(status.code()).as(status.err()).isZero();
            assertThat(status.out()).contains("1 worker(s) registered, 2 slot(s)").contains("worker-1");
            String token = MasterWebServer.actionToken(Secret.fromFile(clusterDir.resolve("secret")));
            assertThat(status.out()).contains("Dashboard action token (cancel, savepoint): " + token);
            assertThat(started.out()).containsPattern("Dashboard at http://127\\.0\\.0\\.1:\\d+/dashboard/ ").contains(token);

            Path output = dir.resolve("counts.txt");
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            String jar = jobJar(dir).toString();
            Result run = withStandardError(console, () -> eddy("run", "--cluster-dir", clusterDir.toString(), jar, output.toString()));
            assertThat(run.code()).as("run: %s %s", run.out(), run.err()).isZero();
            assertThat(Files.readAllLines(output)).containsExactly("0=200", "1=200", "2=200", "3=200", "4=200");
            assertThat(run.err().lines().filter(l -> l.startsWith("Job 'cli test job' (")))
                    // Only the first line is certain: all tasks of a short job need not run at once, and the
                    // program may end (its collect stream drained) before the client prints the result line.
                    .as("the remote client's status lines, whole, on the command's stderr through the progress printer")
                    .anySatisfy(l -> assertThat(l).matches(".*\\): RUNNING, 0 of (\\d+) tasks running; deployed \\1 of \\1 tasks"));
            assertThat(utf8(console.toByteArray())).as("no status line around the printer, straight to System.err")
                    .doesNotContain("Job 'cli test job' (");
            assertThat(run.out()).as("stdout stays the program's").doesNotContain("tasks running");
            // The progress printer's first block, asked for as the job was submitted (its summary is not certain: the
            // program closes its client once it has drained the collect stream, which may be before the job's end).
            assertThat(run.err()).containsPattern("Job 'cli test job' (CREATED|RUNNING|FINISHED), \\d+\\.\\d s\n");
            assertThat(run.err().lines().filter(l -> l.startsWith("  "))).as("the stages").isNotEmpty()
                    .allSatisfy(l -> assertThat(l).containsPattern(" x\\d+ +\\d+ (waiting|running|finished)"));

            Result list = eddy("list", "--cluster-dir", clusterDir.toString());
            assertThat(list.code()).as(list.err()).isZero();
            assertThat(list.out()).contains("FINISHED").contains("cli test job");
        } finally {
            Result stop = eddy("cluster", "stop", "--dir", clusterDir.toString());
            assertThat(stop.code()).as(stop.err()).isZero();
        }
        assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("pid %d", pid).isEmpty());
        assertThat(clusterDir.resolve("secret")).doesNotExist();
        assertThat(eddy("cluster", "status", "--dir", clusterDir.toString()).code()).isEqualTo(EddyCli.EXIT_FAILURE);
    }

    @Test
    void aClusterStartsAgainInTheDirectoryOfAStoppedOne(@TempDir Path dir) throws Exception {
        Path clusterDir = dir.resolve("cluster");
        List<String> start = new ArrayList<>(List.of("cluster", "start", "--workers", "1", "--port", "0", "--dir", clusterDir.toString()));
        ProcessClusterExtension.TEST_JVM_OPTIONS.forEach(o -> start.add("--jvm-option=" + o));
        for (int round = 1; round <= 2; round++) {
            // The second master appends to the first one's master.out, whose address line is stale.
            Result started = eddy(start.toArray(new String[0]));
            try {
                assertThat(started.code()).as("start %d: %s %s", round, started.out(), started.err()).isZero();
                Result status = eddy("cluster", "status", "--dir", clusterDir.toString());
                assertThat(status.code()).as(status.err()).isZero();
                assertThat(status.out()).contains("1 worker(s) registered");
            } finally {
                eddy("cluster", "stop", "--dir", clusterDir.toString());
            }
        }
        assertThat(Files.readString(clusterDir.resolve("master.out"))).as("both masters' output").containsPattern("(?s)Master listening.*Master listening");
    }

    @Test
    void clusterStopKnowsItsProcessesByTheirLogWhenTheirStartTimeMovedAndReportsALivePidItDoesNotKnow(@TempDir Path dir) throws Exception {
        Path clusterDir = Files.createDirectories(dir.resolve("cluster"));
        // Recorded with a start time an hour off, as after the clock was set: one names its log in this cluster, the other in another one.
        Process ours = sleeper(ClusterProcesses.logFileOption(clusterDir, "worker-1"));
        Process stranger = sleeper(ClusterProcesses.logFileOption(dir.resolve("other-cluster"), "worker-2"));
        try {
            Files.writeString(clusterDir.resolve("processes"), "worker-1 " + ours.pid() + " " + (startMillis(ours) - 3_600_000) + "\n"
                    + "worker-2 " + stranger.pid() + " " + (startMillis(stranger) - 3_600_000) + "\n");
            Result r = eddy("cluster", "stop", "--dir", clusterDir.toString(), "--grace", "5");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(ours.waitFor(30, TimeUnit.SECONDS)).as("the cluster's process was stopped: %s %s", r.out(), r.err()).isTrue();
            assertThat(r.out()).contains("Stopped 1 process(es)");
            assertThat(stranger.isAlive()).as("the other process runs on").isTrue();
            assertThat(r.err()).contains("Not stopped: pid " + stranger.pid() + " runs, but it is not worker-2 of " + clusterDir.toAbsolutePath())
                    .contains("kill " + stranger.pid());
        } finally {
            ours.destroyForcibly();
            stranger.destroyForcibly();
        }
    }

    @Test
    void aCorruptProcessListIsAnErrorNamingTheFileAndTheLine(@TempDir Path dir) throws Exception {
        Path clusterDir = Files.createDirectories(dir.resolve("cluster"));
        Files.writeString(clusterDir.resolve("processes"), "worker-1 123\n");
        Result r = eddy("cluster", "stop", "--dir", clusterDir.toString());
        assertThat(r.code()).isNotZero();
        assertThat(r.err()).contains("Corrupt line in " + clusterDir.resolve("processes")).contains("'worker-1 123'").contains("NAME PID START_MILLIS");
    }

    /** A JVM that sleeps for two minutes, with {@code option} on its command line. */
    private static Process sleeper(String option) throws IOException {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m", "-XX:TieredStopAtLevel=1",
                option, "-cp", System.getProperty("java.class.path"), Sleeper.class.getName())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static long startMillis(Process process) {
        return process.info().startInstant().orElseThrow().toEpochMilli();
    }

    /** Sleeps for two minutes (a stand-in for a cluster process). */
    static final class Sleeper {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(120_000);
        }
    }

    @Test
    void clusterStartOnAPortInUseFailsWithTheMastersReasonAndCleansUp(@TempDir Path dir) throws Exception {
        Path clusterDir = dir.resolve("cluster");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            List<String> start = new ArrayList<>(List.of("cluster", "start", "--workers", "1", "--port", Integer.toString(taken.getLocalPort()),
                    "--dir", clusterDir.toString()));
            ProcessClusterExtension.TEST_JVM_OPTIONS.forEach(o -> start.add("--jvm-option=" + o));
            Result r = eddy(start.toArray(new String[0]));
            assertThat(r.code()).isEqualTo(EddyCli.EXIT_FAILURE);
            assertThat(r.err()).contains("Cannot start the cluster").containsIgnoringCase("address already in use")
                    .contains(Integer.toString(taken.getLocalPort()));
        }
        assertThat(clusterDir.resolve("processes")).doesNotExist();
        assertThat(clusterDir.resolve("secret")).doesNotExist();
    }

    /** A jar with {@link CliTestJob} and its nested classes, Main-Class set. */
    static Path jobJar(Path dir) throws IOException {
        Path jar = dir.resolve("cli-test-job.jar");
        if (Files.exists(jar)) {
            return jar;
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, CliTestJob.class.getName());
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            for (Class<?> c : List.of(CliTestJob.class, CliTestJob.KeyAndOne.class, CliTestJob.Key.class, CliTestJob.FailingMap.class,
                    CliTestJob.DropAll.class)) {
                String entry = c.getName().replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(entry));
                try (InputStream in = c.getClassLoader().getResourceAsStream(entry)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return jar;
    }

    /** Runs {@code command} with {@code System.err} copied to {@code copy} too (what bypasses the command's stderr writer). */
    private static Result withStandardError(ByteArrayOutputStream copy, java.util.function.Supplier<Result> command) {
        PrintStream original = System.err;
        OutputStream both = new OutputStream() {
            @Override
            public synchronized void write(int b) {
                copy.write(b);
                original.write(b);
            }

            @Override
            public synchronized void write(byte[] b, int off, int len) {
                copy.write(b, off, len);
                original.write(b, off, len);
            }
        };
        System.setErr(new PrintStream(both, true, StandardCharsets.UTF_8));
        try {
            return command.get();
        } finally {
            System.setErr(original);
        }
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
