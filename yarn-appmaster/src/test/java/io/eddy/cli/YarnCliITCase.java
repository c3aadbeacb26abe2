package io.eddy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.yarn.testkit.MiniHadoopCluster;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.io.output.TeeOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code eddy run --target yarn|yarn-session:APPID}, {@code eddy yarn-session start|list|stop} and
 * {@code eddy list|savepoint|cancel --target yarn:APPID}, through {@link EddyCli#run} in this JVM, on Hadoop's
 * MiniYARNCluster and MiniDFSCluster (real AM and worker container processes). The CLI finds the
 * mini cluster through {@code -Deddy.hadoop.conf-dir}.
 */
@Timeout(600)
class YarnCliITCase {

    private static final Pattern APPLICATION_ID = Pattern.compile("application_\\d+_\\d+");
    private static final Duration END_TIMEOUT = Duration.ofSeconds(60);
    private static final String[] SMALL = {"--containers", "1", "--slots", "2", "--container-memory", "384m", "--am-memory", "320m"};

    @RegisterExtension
    static final MiniHadoopCluster HADOOP = MiniHadoopCluster.shared();

    @TempDir
    static Path dir;

    private static Path jar;
    private static String staging;
    private static final Map<String, String> previousProperties = new HashMap<>();

    private record Result(int code, String out, String err, String console) {

        String applicationId() {
            Matcher m = APPLICATION_ID.matcher(console + err + out);
            assertThat(m.find()).as("an application id in %s / %s / %s", console, err, out).isTrue();
            return m.group();
        }
    }

    @BeforeAll
    static void setUp() throws IOException {
        staging = HADOOP.hdfsUri() + "/eddy-staging";
        setProperty("eddy.hadoop.conf-dir", HADOOP.confDir().toString());
        setProperty("eddy.yarn.staging-dir", staging);
        setProperty("eddy.yarn.deploy-timeout", "180s");
        jar = jobJar(dir);
        FileSystem fs = HADOOP.fileSystem();
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/words/a.txt"))) {
            out.write("the river and the eddy\nThe stream\n".getBytes(StandardCharsets.UTF_8));
        }
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/words/b.txt"))) {
            out.write("eddy eddy river\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    @AfterAll
    static void restoreProperties() {
        previousProperties.forEach((k, v) -> {
            if (v == null) {
                System.clearProperty(k);
            } else {
                System.setProperty(k, v);
            }
        });
    }

    private static void setProperty(String key, String value) {
        previousProperties.putIfAbsent(key, System.getProperty(key));
        System.setProperty(key, value);
    }

    @Test
    void perJobWordCountFromHdfsToHdfs() throws Exception {
        String output = HADOOP.hdfsUri() + "/out/per-job";
        Result run = eddy(concat(new String[] {"run", "--target", "yarn", "--name", "cli word count"}, SMALL,
                new String[] {jar.toString(), "wordcount", HADOOP.hdfsUri() + "/words", output}));
        assertThat(run.code()).as("run: %s %s %s", run.out(), run.err(), run.console()).isZero();
        // While the progress lines are shown, the YARN target's lines pass through the progress printer to the command's stderr.
        assertThat(run.err()).contains("Submitted to YARN as application_").contains("yarn logs -applicationId")
                .containsPattern("Dashboard action token \\(cancel, savepoint\\): [0-9a-f]{64}");
        assertThat(readCounts(output)).isEqualTo(Map.of("the", 3, "river", 2, "and", 1, "eddy", 3, "stream", 1));
        ApplicationReport report = HADOOP.awaitEnd(run.applicationId(), END_TIMEOUT);
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(report.getName()).isEqualTo("cli word count");
        assertNothingStagedFor(run.applicationId());
    }

    /**
     * {@code yarn jar app.jar ARGS}: Hadoop's launcher is {@code java -cp <hadoop class path>
     * org.apache.hadoop.util.RunJar app.jar ARGS} with {@code HADOOP_CONF_DIR} in the environment.
     * The job's unchanged {@code main} (no target set anywhere) must submit itself to YARN, in an
     * application with as many worker containers of 2 slots as its parallelism needs (no
     * container count is given).
     */
    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {2, 4, 8})
    void yarnJarRunsAnUnchangedMainOnYarnInAnApplicationSizedForTheJob(int parallelism) throws Exception {
        String output = HADOOP.hdfsUri() + "/out/yarn-jar-" + parallelism;
        String javaBinary = ProcessHandle.current().info().command().orElseThrow();
        Path log = dir.resolve("yarn-jar-" + parallelism + ".out");
        ProcessBuilder yarnJar = new ProcessBuilder(javaBinary, "-Xmx512m", "-Deddy.yarn.staging-dir=" + staging,
                "-Deddy.yarn.container-memory=384m", "-Deddy.yarn.am-memory=320m", "-Deddy.yarn.slots=2",
                "-cp", System.getProperty("java.class.path"), "org.apache.hadoop.util.RunJar",
                jar.toString(), "wordcount", HADOOP.hdfsUri() + "/words", output, Integer.toString(parallelism))
                .redirectErrorStream(true).redirectOutput(log.toFile());
        yarnJar.environment().put("HADOOP_CONF_DIR", HADOOP.confDir().toString());
        yarnJar.environment().remove("EDDY_CLUSTER_SECRET");
        Process process = yarnJar.start();
        try {
            assertThat(process.waitFor(150, java.util.concurrent.TimeUnit.SECONDS)).as("'yarn jar' ended within 150 s").isTrue();
        } finally {
            process.destroyForcibly();
        }
        String console = Files.readString(log);
        assertThat(process.exitValue()).as("'yarn jar' output:%n%s", console).isZero();
        assertThat(console).contains("Submitted to YARN as application_");
        assertThat(readCounts(output)).isEqualTo(Map.of("the", 3, "river", 2, "and", 1, "eddy", 3, "stream", 1));
        Matcher id = APPLICATION_ID.matcher(console);
        assertThat(id.find()).isTrue();
        ApplicationReport report = HADOOP.awaitEnd(id.group(), END_TIMEOUT);
        assertThat(report.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertThat(workerContainers(id.group())).as("worker containers of 2 slots for parallelism %d", parallelism)
                .hasSize((parallelism + 1) / 2);
        assertNothingStagedFor(id.group());
    }

    /** The worker containers an application started: every container but its first attempt's AM (container 1 of attempt 1). */
    private static List<String> workerContainers(String applicationId) throws IOException {
        String am = applicationId.replace("application_", "container_") + "_01_000001";
        return HADOOP.startedContainers(applicationId).stream().filter(c -> !c.equals(am)).toList();
    }

    /**
     * A session of one worker container of 2 slots, allowed 2 containers: a job of parallelism 2
     * runs on it, one of parallelism 4 makes the AM request the second container, and one of
     * parallelism 5 (3 containers) fails at once naming {@code eddy.yarn.max-containers} (were it
     * waiting for slots, it would fail after the slot wait with another message).
     */
    @Test
    void sessionGrowsForItsJobsUpToMaxContainersAndStops() throws Exception {
        setProperty("eddy.yarn.max-containers", "2");
        Result start;
        try {
            start = eddy(concat(new String[] {"yarn-session", "start", "--name", "cli session"}, SMALL, new String[0]));
        } finally {
            System.clearProperty("eddy.yarn.max-containers");
        }
        assertThat(start.code()).as("start: %s %s", start.out(), start.err()).isZero();
        String session = start.out().lines().findFirst().orElseThrow();
        assertThat(session).matches(APPLICATION_ID);
        assertThat(start.out()).containsPattern("Dashboard action token \\(cancel, savepoint\\): [0-9a-f]{64}");
        try {
            Result sessions = eddy("yarn-session", "list");
            assertThat(sessions.code()).as(sessions.err()).isZero();
            assertThat(sessions.out()).contains(session).contains("RUNNING").contains("cli session");
            assertThat(workerContainers(session)).hasSize(1);
            for (int parallelism : new int[] {2, 4}) {
                String output = HADOOP.hdfsUri() + "/out/session-" + parallelism;
                Result run = eddy("run", "--target", "yarn-session:" + session, jar.toString(), "wordcount", HADOOP.hdfsUri() + "/words", output,
                        Integer.toString(parallelism));
                assertThat(run.code()).as("run at parallelism %d: %s %s %s", parallelism, run.out(), run.err(), run.console()).isZero();
                assertThat(run.err()).contains("Submitted to YARN as " + session);
                assertThat(readCounts(output)).containsEntry("eddy", 3).containsEntry("the", 3).hasSize(5);
            }
            assertThat(workerContainers(session)).as("the AM asked for a second container for parallelism 4").hasSize(2);

            Result tooBig = eddy("run", "--target", "yarn-session:" + session, jar.toString(), "wordcount", HADOOP.hdfsUri() + "/words",
                    HADOOP.hdfsUri() + "/out/session-5", "5");
            assertThat(tooBig.code()).isEqualTo(EddyCli.EXIT_FAILURE);
            assertThat(tooBig.err()).contains("The job needs 5 slots, 3 worker containers of 2 slots")
                    .contains("eddy.yarn.max-containers is 2").contains("--slots");
            assertThat(workerContainers(session)).as("no container beyond the maximum").hasSize(2);

            Result list = eddy("list", "--target", "yarn-session:" + session);
            assertThat(list.code()).as(list.err()).isZero();
            assertThat(list.out().lines().filter(l -> l.contains("FINISHED") && l.contains("yarn word count"))).hasSize(2);
            assertThat(list.out().lines().filter(l -> l.contains("FAILED") && l.contains("yarn word count"))).hasSize(1);
        } finally {
            Result stop = eddy("yarn-session", "stop", session);
            assertThat(stop.code()).as("stop: %s %s", stop.out(), stop.err()).isZero();
            assertThat(stop.out()).contains("YARN session " + session + " ended: SUCCEEDED");
        }
        assertThat(HADOOP.awaitEnd(session, END_TIMEOUT).getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
        assertNothingStagedFor(session);
        Result stopAgain = eddy("yarn-session", "stop", session);
        assertThat(stopAgain.code()).isEqualTo(EddyCli.EXIT_FAILURE);
        assertThat(stopAgain.err()).contains(session).contains("FINISHED");
    }

    @Test
    void detachedJobIsListedSavepointedToHdfsAndCancelledAndItsApplicationEndsKilled() throws Exception {
        Result run = eddy(concat(new String[] {"run", "--target", "yarn", "--detached"}, SMALL, new String[] {jar.toString(), "endless"}));
        assertThat(run.code()).as("run: %s %s %s", run.out(), run.err(), run.console()).isZero();
        String app = run.applicationId();
        assertThat(run.console()).contains("detached").contains("eddy cancel --target yarn:" + app);
        Result list = eddy("list", "--target", "yarn:" + app);
        assertThat(list.code()).as(list.err()).isZero();
        String line = list.out().lines().filter(l -> l.contains("endless job")).findFirst().orElseThrow();
        assertThat(line).containsAnyOf("RUNNING", "CREATED");
        String job = line.split("\\s+")[0];
        awaitRunning(app, job);

        // A savepoint of the running job on YARN, written to HDFS through the AM.
        String savepoints = HADOOP.hdfsUri() + "/savepoints/" + app;
        Result savepoint = eddy("savepoint", "--target", "yarn:" + app, job, savepoints);
        assertThat(savepoint.code()).as("savepoint: %s %s", savepoint.out(), savepoint.err()).isZero();
        String path = savepoint.out().strip();
        assertThat(path).startsWith(savepoints);
        assertThat(HADOOP.fileSystem().exists(new org.apache.hadoop.fs.Path(path, "_metadata"))).as("metadata of %s", path).isTrue();

        Result cancel = eddy("cancel", "--target", "yarn:" + app, job);
        assertThat(cancel.code()).as(cancel.err()).isZero();
        assertThat(cancel.out()).contains("Cancellation of job " + job + " requested");
        assertThat(HADOOP.awaitEnd(app, END_TIMEOUT).getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.KILLED);
        assertNothingStagedFor(app);
    }

    @Test
    void badRequestsFailClearlyAndLeaveNothingRunningOrStaged() throws Exception {
        int appsBefore = HADOOP.applications(org.apache.hadoop.yarn.api.records.YarnApplicationState.values()).size();
        Result queue = eddy(concat(new String[] {"run", "--target", "yarn", "--queue", "no-such-queue"}, SMALL,
                new String[] {jar.toString(), "endless"}));
        assertThat(queue.code()).isEqualTo(EddyCli.EXIT_FAILURE);
        assertThat(queue.err()).contains("'no-such-queue'").contains("--queue");

        Result memory = eddy("run", "--target", "yarn", "--container-memory", "4g", jar.toString(), "endless");
        assertThat(memory.code()).isEqualTo(EddyCli.EXIT_FAILURE);
        assertThat(memory.err()).contains("4096 MB").contains("2048 MB").contains("--container-memory");

        // 2048 MB containers: the NodeManager's 6144 MB hold 2 beside the AM's 320 MB; a job of parallelism 4 needs 4.
        Result tooBig = eddy("run", "--target", "yarn", "--slots", "1", "--container-memory", "2g", "--am-memory", "320m", jar.toString(),
                "wordcount", HADOOP.hdfsUri() + "/words", HADOOP.hdfsUri() + "/out/too-big", "4");
        assertThat(tooBig.code()).as(tooBig.err()).isEqualTo(EddyCli.EXIT_FAILURE);
        assertThat(tooBig.err()).contains("The job needs 4 slots, 4 worker containers of 1 slot and 2048 MB, but this application may have at most 2")
                .contains("1 running NodeManager with 6144 MB in all holds 2 worker containers of 2048 MB").contains("--container-memory")
                .contains("nothing was submitted to YARN");

        Path missing = dir.resolve("no-such-app.jar");
        Result missingJar = eddy("run", "--target", "yarn", missing.toString());
        assertThat(missingJar.code()).isEqualTo(EddyCli.EXIT_USAGE);
        assertThat(missingJar.err()).contains("Job jar not found: " + missing);

        Result unknownSession = eddy("run", "--target", "yarn-session:application_1_0001", jar.toString(), "endless");
        assertThat(unknownSession.code()).isEqualTo(EddyCli.EXIT_FAILURE);
        assertThat(unknownSession.err()).contains("application_1_0001").contains("yarn-session list");

        assertThat(HADOOP.liveApplications()).isEmpty();
        assertThat(HADOOP.applications(org.apache.hadoop.yarn.api.records.YarnApplicationState.values())).hasSize(appsBefore);
        assertNoApplicationStaged();
    }

    @Test
    void anUnreachableResourceManagerIsNamedWithWhatToCheck() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        Path conf = Files.createDirectories(dir.resolve("unreachable-conf"));
        Files.writeString(conf.resolve("yarn-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "<property><name>yarn.resourcemanager.address</name><value>127.0.0.1:" + port + "</value></property>\n"
                + "<property><name>fs.defaultFS</name><value>" + HADOOP.hdfsUri() + "</value></property>\n</configuration>\n");
        String previous = System.getProperty("eddy.hadoop.conf-dir");
        System.setProperty("eddy.hadoop.conf-dir", conf.toString());
        try {
            Result r = eddy("run", "--target", "yarn", jar.toString(), "endless");
            assertThat(r.code()).isEqualTo(EddyCli.EXIT_FAILURE);
            assertThat(r.err()).contains("Cannot reach the YARN ResourceManager at 127.0.0.1:" + port).contains("HADOOP_CONF_DIR");
        } finally {
            System.setProperty("eddy.hadoop.conf-dir", previous);
        }
        assertNoApplicationStaged();
    }

    /**
     * Runs the CLI in this JVM; {@code console} is what went to {@code System.err} meanwhile (the YARN
     * targets' messages when no progress lines are shown: with --detached).
     */
    private static Result eddy(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream original = System.err;
        System.setErr(new PrintStream(new TeeOutputStream(console, original), true, StandardCharsets.UTF_8));
        int code;
        try {
            code = EddyCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        } finally {
            System.setErr(original);
        }
        return new Result(code, out.toString(), err.toString(), console.toString(StandardCharsets.UTF_8));
    }

    /** word -> count of the CSV part files under {@code output}. */
    private static Map<String, Integer> readCounts(String output) throws IOException {
        FileSystem fs = HADOOP.fileSystem();
        Map<String, Integer> counts = new TreeMap<>();
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(output);
        List<org.apache.hadoop.fs.Path> files = new ArrayList<>();
        if (fs.getFileStatus(path).isDirectory()) {
            for (FileStatus status : fs.listStatus(path)) {
                if (status.isFile() && !status.getPath().getName().startsWith("_") && !status.getPath().getName().startsWith(".")) {
                    files.add(status.getPath());
                }
            }
        } else {
            files.add(path);
        }
        for (org.apache.hadoop.fs.Path file : files) {
            try (InputStream in = fs.open(file)) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (!line.isBlank()) {
                        String[] fields = line.split(",");
                        assertThat(counts.put(fields[0], Integer.parseInt(fields[1]))).as("word %s counted twice", fields[0]).isNull();
                    }
                }
            }
        }
        return counts;
    }

    /** Polls {@code eddy list} until {@code job} runs (a savepoint needs every task running). */
    private static void awaitRunning(String applicationId, String job) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            Result list = eddy("list", "--target", "yarn:" + applicationId);
            assertThat(list.code()).as(list.err()).isZero();
            if (list.out().lines().anyMatch(l -> l.startsWith(job) && l.contains("RUNNING"))) {
                return;
            }
            assertThat(System.nanoTime()).as("job %s not RUNNING within 60 s: %s", job, list.out()).isLessThan(deadline);
            Thread.sleep(200); // the master offers no status callback to the CLI
        }
    }

    /**
     * Waits until the staging directory of the ended application is gone: the AM deletes it after
     * unregistering, so the ResourceManager may report the end a moment before.
     */
    private static void assertNothingStagedFor(String applicationId) throws Exception {
        org.apache.hadoop.fs.Path appDir = new org.apache.hadoop.fs.Path(staging, applicationId);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (HADOOP.fileSystem().exists(appDir)) {
            assertThat(System.nanoTime()).as("staging directory %s still there 30 s after the application ended", appDir).isLessThan(deadline);
            Thread.sleep(100); // HDFS offers no deletion callback to clients
        }
    }

    /** No application directory under the staging root (the shared jar cache {@code dist} may stay). */
    private static void assertNoApplicationStaged() throws IOException {
        FileSystem fs = HADOOP.fileSystem();
        org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(staging);
        if (fs.exists(root)) {
            for (FileStatus status : fs.listStatus(root)) {
                assertThat(status.getPath().getName()).as("left in %s", root).doesNotStartWith("application_");
            }
        }
    }

    private static String[] concat(String[]... parts) {
        List<String> all = new ArrayList<>();
        for (String[] part : parts) {
            all.addAll(List.of(part));
        }
        return all.toArray(new String[0]);
    }

    /** A jar with {@link YarnTestJob} and its nested classes, Main-Class set. */
    private static Path jobJar(Path directory) throws IOException {
        Path file = directory.resolve("yarn-test-job.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, YarnTestJob.class.getName());
        List<Class<?>> classes = new ArrayList<>(List.of(YarnTestJob.class));
        classes.addAll(List.of(YarnTestJob.class.getDeclaredClasses()));
        try (OutputStream stream = Files.newOutputStream(file); JarOutputStream out = new JarOutputStream(stream, manifest)) {
            for (Class<?> c : classes) {
                String entry = c.getName().replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(entry));
                try (InputStream in = c.getClassLoader().getResourceAsStream(entry)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return file;
    }
}
