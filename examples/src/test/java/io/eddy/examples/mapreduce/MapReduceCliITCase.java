package io.eddy.examples.mapreduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.examples.ExampleDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/eddy mapreduce JAR ARGS} runs the stock hadoop-mapreduce-examples jar's driver
 * unchanged on Eddy (as {@code hadoop jar} would on Hadoop), and {@code scripts/eddy classpath}
 * prints the client class path with the configuration that selects Eddy first.
 */
@Timeout(300)
class MapReduceCliITCase {

    @TempDir
    Path dir;

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    private record Result(int exit, String output) {}

    private Result eddy(String... args) throws IOException, InterruptedException {
        return eddyWith("-Xmx512m", args);
    }

    private Result eddyWith(String javaOptions, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("scripts/eddy").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("EDDY_LOG_DIR", dir.resolve("log").toString());
        builder.environment().put("EDDY_JAVA_OPTS", javaOptions);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(240, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }

    @Test
    void theStockExampleJarsWordCountRunsOnEddy() throws Exception {
        Map<String, Integer> expected = writeWords();
        Path jar = Path.of(ExampleDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path output = dir.resolve("out");

        Result result = eddy("mapreduce", jar.toString(), "wordcount", dir.resolve("in").toString(), output.toString());
        assertThat(result.exit()).as("eddy mapreduce printed:%n%s", result.output()).isZero();
        assertThat(counts(output)).isEqualTo(expected);
        assertThat(output.resolve("_SUCCESS")).exists();
        assertThat(Files.readString(dir.resolve("log").resolve("eddy-mapreduce.log"))).as("the job ran on Eddy").contains("job_eddy");
    }

    /**
     * The same job on worker processes: a cluster of 2 workers started by {@code scripts/eddy cluster
     * start}, whose class path has no MapReduce support; the client ships hadoop-compat and Hadoop's
     * mapreduce-client-core with the job jar. Then TeraGen and TeraSort with 2 reducers, whose
     * partitioner reads the distributed cache, on the same workers.
     */
    @Test
    void theStockExampleJarsRunOnWorkerProcesses() throws Exception {
        Map<String, Integer> expected = writeWords();
        Path jar = Path.of(ExampleDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path cluster = dir.resolve("cluster");
        Result started = cli("cluster", "start", "--workers", "2", "--slots", "1", "--port", "0", "--dir", cluster.toString());
        assertThat(started.exit()).as("cluster start printed:%n%s", started.output()).isZero();
        try {
            Path output = dir.resolve("out-remote");
            String remote = "-Xmx512m -Deddy.execution.target=remote -Deddy.master.address=" + Files.readString(cluster.resolve("master.address")).trim()
                    + " -Deddy.cluster.secret-file=" + cluster.resolve("secret");
            Result result = eddyWith(remote, "mapreduce", jar.toString(), "wordcount", dir.resolve("in").toString(), output.toString());
            assertThat(result.exit()).as("eddy mapreduce printed:%n%s", result.output()).isZero();
            assertThat(counts(output)).isEqualTo(expected);
            assertThat(output.resolve("_SUCCESS")).exists();
            String workerLogs = "";
            try (java.util.stream.Stream<Path> logs = Files.list(cluster)) {
                for (Path log : logs.filter(p -> p.getFileName().toString().startsWith("worker") && p.toString().endsWith(".log")).toList()) {
                    workerLogs += Files.readString(log);
                }
            }
            assertThat(workerLogs).as("the workers ran the job with the shipped jars").contains("('word count') with 3 jar(s)");

            // TeraSort's partitioner reads its split points from the distributed cache (#_partition.lst): each worker makes the
            // cache in its own working directory.
            Path rows = dir.resolve("tera-in");
            Result generated = eddyWith(remote, "mapreduce", jar.toString(), "teragen", "2000", rows.toString());
            assertThat(generated.exit()).as("teragen printed:%n%s", generated.output()).isZero();
            Path sorted = dir.resolve("tera-out");
            Result sort = eddyWith(remote, "mapreduce", jar.toString(), "terasort", "-D", "mapreduce.job.reduces=2", rows.toString(), sorted.toString());
            assertThat(sort.exit()).as("terasort printed:%n%s", sort.output()).isZero();
            assertThat(sort.output()).as("the job ran on Eddy").contains("Job 'TeraSort'").contains("FINISHED");
            assertTotallyOrdered(List.of(sorted.resolve("part-r-00000"), sorted.resolve("part-r-00001")), 2000);
        } finally {
            Result stopped = cli("cluster", "stop", "--dir", cluster.toString());
            assertThat(stopped.exit()).as("cluster stop printed:%n%s", stopped.output()).isZero();
        }
    }

    /** Eddy's command line on the distribution's class path alone (yarn-appmaster and its libraries: no MapReduce support). */
    private Result cli(String... args) throws IOException, InterruptedException {
        Path target = ROOT.resolve("yarn-appmaster").resolve("target");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Deddy.log.level=WARN", "-cp", target.resolve("yarn-appmaster-0.1.0-SNAPSHOT.jar") + java.io.File.pathSeparator + target.resolve("lib") + "/*",
                "io.eddy.cli.EddyCli"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }

    /** The 100-byte rows of {@code parts}, read in order: {@code rows} of them, their 10-byte keys ascending (unsigned), and both parts non-empty. */
    private static void assertTotallyOrdered(List<Path> parts, int rows) throws IOException {
        byte[] previous = null;
        int count = 0;
        for (Path part : parts) {
            byte[] bytes = Files.readAllBytes(part);
            assertThat(bytes.length).as("%s holds rows", part).isPositive();
            assertThat(bytes.length % 100).as("%s holds whole 100-byte rows", part).isZero();
            for (int at = 0; at < bytes.length; at += 100, count++) {
                byte[] key = java.util.Arrays.copyOfRange(bytes, at, at + 10);
                if (previous != null) {
                    assertThat(java.util.Arrays.compareUnsigned(previous, key)).as("row %d is not below the row before it", count).isLessThanOrEqualTo(0);
                }
                previous = key;
            }
        }
        assertThat(count).isEqualTo(rows);
    }

    private Map<String, Integer> writeWords() throws IOException {
        Path input = dir.resolve("in");
        Files.createDirectories(input);
        List<String> lines = new ArrayList<>();
        Map<String, Integer> expected = new TreeMap<>();
        for (int i = 0; i < 2000; i++) {
            String line = "w" + (i % 7) + " w" + (i % 13) + " w" + (i % 3);
            lines.add(line);
            for (String w : line.split(" ")) {
                expected.merge(w, 1, Integer::sum);
            }
        }
        Files.write(input.resolve("words.txt"), lines);
        return expected;
    }

    private static Map<String, Integer> counts(Path output) throws IOException {
        Map<String, Integer> counts = new TreeMap<>();
        for (String line : Files.readAllLines(output.resolve("part-r-00000"))) {
            String[] f = line.split("\t");
            counts.put(f[0], Integer.parseInt(f[1]));
        }
        return counts;
    }

    @Test
    void classpathPutsTheEddyMapReduceConfigurationFirst() throws Exception {
        Result result = eddy("classpath");
        assertThat(result.exit()).isZero();
        String[] entries = result.output().trim().split(":");
        assertThat(Path.of(entries[0]).resolve("mapred-site.xml")).exists();
        assertThat(Files.readString(Path.of(entries[0]).resolve("mapred-site.xml"))).contains("<value>eddy</value>");
        assertThat(result.output()).contains("hadoop-compat");
    }

    @Test
    void aMissingJobJarIsAClearError() throws Exception {
        Result result = eddy("mapreduce", dir.resolve("no-such.jar").toString(), "wordcount");
        assertThat(result.exit()).isEqualTo(2);
        assertThat(result.output()).contains("no-such.jar").contains("does not exist");
    }
}
