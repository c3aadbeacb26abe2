package io.eddy.hadoop.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock jobs of {@code hadoop-mapreduce-examples} 3.3.6, unchanged, through their {@code
 * ExampleDriver} in fresh JVMs: once on Hadoop's local job runner, once on Eddy ({@code -D
 * mapreduce.framework.name=eddy}, the embedded cluster). Output files must be byte-identical and
 * the lines the drivers print with their results equal, except where Hadoop's own output is not
 * defined the same way on both: TeraGen's rows are split over one file per map task, and the local
 * job runner runs one map where Eddy runs two, so its rows are compared sorted.
 */
@Timeout(600)
class StockExamplesConformanceITCase {

    private static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda",
        "mu", "nu", "xi", "omicron", "pi"};

    @TempDir
    static Path dir;

    private static Path text;
    private static Path pairs;

    @BeforeAll
    static void writeInputs() throws IOException {
        text = dir.resolve("text");
        Files.createDirectories(text);
        Random random = new Random(23);
        for (int f = 0; f < 3; f++) {
            List<String> lines = new ArrayList<>();
            for (int l = 0; l < 3000; l++) {
                StringBuilder line = new StringBuilder();
                for (int w = 0, n = 1 + random.nextInt(10); w < n; w++) {
                    line.append(WORDS[(int) Math.min(WORDS.length - 1, Math.abs(random.nextGaussian()) * 5)]).append(' ');
                }
                lines.add(line.toString().trim());
            }
            Files.write(text.resolve("f" + f + ".txt"), lines);
        }
        pairs = dir.resolve("pairs");
        Files.createDirectories(pairs);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            lines.add((random.nextInt(100) - 50) + " " + (random.nextInt(1000) - 500));
        }
        Files.write(pairs.resolve("pairs.txt"), lines);
    }

    /** The result of one run: its output files and the lines it printed that carry results. */
    private record Run(TreeMap<String, String> files, List<String> results) {}

    /** Runs {@code ExampleDriver program options... arguments...} on {@code framework}; {@code output} is where it writes. */
    private static Run run(String framework, Path output, String program, List<String> options, String... arguments)
            throws IOException, InterruptedException {
        // The framework as a deployment sets it, in mapred-site.xml on the class path: some drivers (WordMedian) make
        // a new Configuration and so drop -D options.
        Path siteDir = dir.resolve("site-" + framework);
        Files.createDirectories(siteDir);
        Files.writeString(siteDir.resolve("mapred-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "  <property><name>mapreduce.framework.name</name><value>" + framework + "</value></property>\n"
                + "  <property><name>mapreduce.client.completion.pollinterval</name><value>100</value></property>\n</configuration>\n");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
                "-cp", siteDir + java.io.File.pathSeparator + System.getProperty("java.class.path"), "-Deddy.log.level=INFO", "org.apache.hadoop.examples.ExampleDriver", program,
                "-D", "mapreduce.framework.name=" + framework, "-D", "mapreduce.client.completion.pollinterval=100", "-D", "fs.defaultFS=file:///"));
        for (String option : options) {
            command.add("-D");
            command.add(option);
        }
        command.addAll(List.of(arguments));
        Path log = dir.resolve(program + "-" + framework + "-" + System.nanoTime() + ".log");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(process.waitFor(240, TimeUnit.SECONDS)).as("%s on %s finished", program, framework).isTrue();
        String printed = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("%s on %s exited with 0; it printed:%n%s", program, framework, printed).isZero();
        // Hadoop's Job logs the id its client protocol gave: job_eddy... from Eddy's, job_local... from the local job runner's.
        assertThat(printed).as("%s ran on %s", program, framework).contains("Running job: job_" + framework);
        List<String> results = printed.lines().filter(l -> l.startsWith("The ") || l.startsWith("Estimated value")).collect(Collectors.toList());
        TreeMap<String, String> files = new TreeMap<>();
        if (output != null && Files.isDirectory(output)) {
            try (Stream<Path> list = Files.walk(output)) {
                for (Path p : list.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
                    files.put(output.relativize(p).toString(), Files.readString(p, StandardCharsets.ISO_8859_1));
                }
            }
        }
        return new Run(files, results);
    }

    private static void assertSameOnBoth(String name, String program, List<String> options, String... arguments) throws Exception {
        Path local = dir.resolve(name + "-local");
        Path eddy = dir.resolve(name + "-eddy");
        Run hadoop = run("local", local, program, options, replace(arguments, local));
        Run onEddy = run(EddyClientProtocolProvider.FRAMEWORK, eddy, program, options, replace(arguments, eddy));
        assertThat(onEddy.files().keySet()).as("%s: output files", name).isEqualTo(hadoop.files().keySet());
        for (String file : hadoop.files().keySet()) {
            assertThat(onEddy.files().get(file)).as("%s: %s", name, file).isEqualTo(hadoop.files().get(file));
        }
        assertThat(onEddy.results()).as("%s: printed results", name).isEqualTo(hadoop.results());
    }

    /** {@code arguments} with "OUT" replaced by {@code output}. */
    private static String[] replace(String[] arguments, Path output) {
        String[] result = arguments.clone();
        for (int i = 0; i < result.length; i++) {
            if (result[i].equals("OUT")) {
                result[i] = output.toString();
            }
        }
        return result;
    }

    @Test
    void wordCountWithOneAndThreeReducers() throws Exception {
        assertSameOnBoth("wordcount", "wordcount", List.of(), text.toString(), "OUT");
        assertSameOnBoth("wordcount3", "wordcount", List.of("mapreduce.job.reduces=3"), text.toString(), "OUT");
    }

    @Test
    void wordMeanMedianAndStandardDeviation() throws Exception {
        assertSameOnBoth("wordmean", "wordmean", List.of(), text.toString(), "OUT");
        assertSameOnBoth("wordmedian", "wordmedian", List.of(), text.toString(), "OUT");
        assertSameOnBoth("wordstandarddeviation", "wordstandarddeviation", List.of(), text.toString(), "OUT");
    }

    @Test
    void grepAndMultiFileWordCount() throws Exception {
        assertSameOnBoth("grep", "grep", List.of(), text.toString(), "OUT", "[a-z]*ta");
        assertSameOnBoth("multifilewc", "multifilewc", List.of(), text.toString(), "OUT");
    }

    @Test
    void aggregateWordCountAndHistogram() throws Exception {
        assertSameOnBoth("aggregatewordcount", "aggregatewordcount", List.of(), text.toString(), "OUT", "2", "textinputformat");
        assertSameOnBoth("aggregatewordhist", "aggregatewordhist", List.of(), text.toString(), "OUT", "2", "textinputformat");
    }

    @Test
    void secondarySort() throws Exception {
        assertSameOnBoth("secondarysort", "secondarysort", List.of(), pairs.toString(), "OUT");
    }

    @Test
    void piPrintsTheSameEstimate() throws Exception {
        Run hadoop = run("local", null, "pi", List.of(), "4", "2000");
        Run onEddy = run(EddyClientProtocolProvider.FRAMEWORK, null, "pi", List.of(), "4", "2000");
        assertThat(onEddy.results()).isEqualTo(hadoop.results()).singleElement().asString().startsWith("Estimated value of Pi is 3.1");
    }

    /** BBP's hexadecimal digits of pi, computed by its map tasks and written by its driver, the same on both. */
    @Test
    void baileyBorweinPlouffeDigits() throws Exception {
        assertSameOnBoth("bbp", "bbp", List.of(), "1", "400", "2", "OUT");
        assertThat(Files.list(dir.resolve("bbp-eddy")).count()).as("bbp wrote files").isPositive();
    }

    /**
     * TeraGen's rows, file for file: its splits are the map count the job asks for, which the local
     * job runner sets to 1 (its client forces mapreduce.job.maps = 1); with the same setting Eddy writes
     * the same part-m-00000. With two map tasks Eddy writes one file per map task (split), as Hadoop
     * would on a cluster: the same rows over part-m-00000 and part-m-00001.
     */
    @Test
    void teraGenWritesTheSameRows() throws Exception {
        assertSameOnBoth("teragen", "teragen", List.of("mapreduce.job.maps=1"), "20000", "OUT");
        Path two = dir.resolve("teragen-two-maps");
        Run onEddy = run(EddyClientProtocolProvider.FRAMEWORK, two, "teragen", List.of("mapreduce.job.maps=2"), "20000", two.toString());
        assertThat(onEddy.files()).containsKeys("_SUCCESS", "part-m-00000", "part-m-00001");
        Run hadoop = new Run(new TreeMap<>(java.util.Map.of("part-m-00000", Files.readString(dir.resolve("teragen-local").resolve("part-m-00000"),
                StandardCharsets.ISO_8859_1))), List.of());
        assertThat(rows(onEddy)).isEqualTo(rows(hadoop)).hasSize(20000);

        // More map tasks than subtasks: each subtask runs several, each an attempt of its own (TeraOutputFormat keeps the
        // committer of the first attempt it was asked for: one format instance for several attempts lost their files).
        Path seven = dir.resolve("teragen-seven-maps");
        Run sevenMaps = run(EddyClientProtocolProvider.FRAMEWORK, seven, "teragen", List.of("mapreduce.job.maps=7", "eddy.parallelism=2"), "20000",
                seven.toString());
        assertThat(sevenMaps.files().keySet()).containsExactly("_SUCCESS", "part-m-00000", "part-m-00001", "part-m-00002", "part-m-00003",
                "part-m-00004", "part-m-00005", "part-m-00006");
        assertThat(rows(sevenMaps)).isEqualTo(rows(hadoop));
    }

    /**
     * Sort (identity map and reduce over RandomWriter's SequenceFiles of random BytesWritables, 2
     * reducers), then an inner join (CompositeInputFormat, map-only) of the two systems' sorted outputs:
     * the same records in each file on both. A SequenceFile's header carries a random sync marker, so
     * their records are compared, read back with Hadoop's SequenceFile.Reader.
     */
    @Test
    void sortOfRandomWriterOutputAndAJoinOfTheSortedFiles() throws Exception {
        Path random = dir.resolve("random");
        run("local", random, "randomwriter", List.of("mapreduce.randomwriter.bytespermap=300000", "mapreduce.randomwriter.mapsperhost=2"),
                random.toString());
        Path sortLocal = dir.resolve("sort-local");
        Path sortEddy = dir.resolve("sort-eddy");
        Run hadoop = run("local", sortLocal, "sort", List.of(), "-r", "2", random.toString(), sortLocal.toString());
        Run onEddy = run(EddyClientProtocolProvider.FRAMEWORK, sortEddy, "sort", List.of(), "-r", "2", random.toString(), sortEddy.toString());
        assertSameRecords(hadoop, sortLocal, onEddy, sortEddy);

        Path joinLocal = dir.resolve("join-local");
        Path joinEddy = dir.resolve("join-eddy");
        hadoop = run("local", joinLocal, "join", List.of(), "-r", "0", "-joinOp", "inner", sortLocal.toString(), sortEddy.toString(), joinLocal.toString());
        onEddy = run(EddyClientProtocolProvider.FRAMEWORK, joinEddy, "join", List.of(), "-r", "0", "-joinOp", "inner", sortLocal.toString(),
                sortEddy.toString(), joinEddy.toString());
        assertSameRecords(hadoop, joinLocal, onEddy, joinEddy);
    }

    private static void assertSameRecords(Run hadoop, Path local, Run onEddy, Path eddy) throws IOException {
        assertThat(onEddy.files().keySet()).isEqualTo(hadoop.files().keySet()).contains("_SUCCESS");
        for (String file : hadoop.files().keySet()) {
            if (file.startsWith("part-")) {
                assertThat(records(eddy.resolve(file))).as(file).isEqualTo(records(local.resolve(file))).isNotEmpty();
            }
        }
    }

    private static List<String> records(Path sequenceFile) throws IOException {
        org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
        List<String> records = new ArrayList<>();
        try (org.apache.hadoop.io.SequenceFile.Reader reader = new org.apache.hadoop.io.SequenceFile.Reader(conf,
                org.apache.hadoop.io.SequenceFile.Reader.file(new org.apache.hadoop.fs.Path(sequenceFile.toUri())))) {
            org.apache.hadoop.io.Writable key = (org.apache.hadoop.io.Writable) org.apache.hadoop.util.ReflectionUtils.newInstance(reader.getKeyClass(), conf);
            org.apache.hadoop.io.Writable value = (org.apache.hadoop.io.Writable) org.apache.hadoop.util.ReflectionUtils.newInstance(reader.getValueClass(), conf);
            while (reader.next(key, value)) {
                records.add(key + "\t" + value);
            }
        }
        return records;
    }

    private static List<String> rows(Run run) {
        List<String> rows = new ArrayList<>();
        run.files().forEach((name, content) -> {
            if (name.startsWith("part-")) {
                for (int i = 0; i + 100 <= content.length(); i += 100) {
                    rows.add(content.substring(i, i + 100));
                }
            }
        });
        rows.sort(null);
        return rows;
    }
}
