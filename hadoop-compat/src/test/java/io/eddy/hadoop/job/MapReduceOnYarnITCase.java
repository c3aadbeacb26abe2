package io.eddy.hadoop.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.yarn.testkit.MiniHadoopCluster;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.examples.ExampleDriver;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code yarn jar hadoop-mapreduce-examples.jar wordcount IN OUT} with Eddy's client class path as
 * {@code HADOOP_CLASSPATH} and {@code mapreduce.framework.name=eddy} in its {@code mapred-site.xml}:
 * Hadoop's launcher ({@code RunJar}, {@code HADOOP_CONF_DIR} naming Hadoop's mini HDFS and YARN) runs
 * the stock driver unchanged, and its job runs as an Eddy application on YARN (real AM and worker
 * container processes), reading and writing HDFS. As under Hadoop's launcher, the configuration
 * directory is on the client's class path: HDFS is the default file system, holding the submit
 * directory that {@code JobSubmitter} writes the job's {@code job.xml} into.
 */
@Timeout(420)
class MapReduceOnYarnITCase {

    @RegisterExtension
    static final MiniHadoopCluster HADOOP = MiniHadoopCluster.shared();
    private static final Pattern APPLICATION_ID = Pattern.compile("application_\\d+_\\d+");

    @TempDir
    Path dir;

    @Test
    void yarnJarRunsTheStockWordCountAsAnEddyApplication() throws Exception {
        FileSystem fs = HADOOP.fileSystem();
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/mr/words/a.txt"))) {
            out.write("the river and the eddy\nThe stream\n".getBytes(StandardCharsets.UTF_8));
        }
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/mr/words/b.txt"))) {
            out.write("eddy eddy river\n".getBytes(StandardCharsets.UTF_8));
        }
        Path site = Files.createDirectories(dir.resolve("site"));
        Files.writeString(site.resolve("mapred-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "  <property><name>mapreduce.framework.name</name><value>eddy</value></property>\n"
                + "  <property><name>mapreduce.client.completion.pollinterval</name><value>200</value></property>\n</configuration>\n");
        Path jar = Path.of(ExampleDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String javaBinary = ProcessHandle.current().info().command().orElseThrow();
        Path log = dir.resolve("yarn-jar.out");
        ProcessBuilder yarnJar = new ProcessBuilder(javaBinary, "-Xmx512m", "-Deddy.yarn.staging-dir=" + HADOOP.hdfsUri() + "/eddy-staging",
                "-Deddy.yarn.container-memory=384m", "-Deddy.yarn.am-memory=320m", "-Deddy.yarn.slots=2", "-Deddy.yarn.deploy-timeout=180s",
                "-Deddy.parallelism.default=2",
                // As Hadoop's launcher does: HADOOP_CONF_DIR first on the class path, so fs.defaultFS is the mini HDFS (the job's
                // submit directory, its input and output paths are there).
                "-cp", site + java.io.File.pathSeparator + HADOOP.confDir() + java.io.File.pathSeparator + System.getProperty("java.class.path"),
                "org.apache.hadoop.util.RunJar", jar.toString(), "wordcount", "/mr/words", "/mr/out")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        yarnJar.environment().put("HADOOP_CONF_DIR", HADOOP.confDir().toString());
        yarnJar.environment().remove("EDDY_CLUSTER_SECRET");
        Process process = yarnJar.start();
        try {
            assertThat(process.waitFor(240, TimeUnit.SECONDS)).as("'yarn jar' ended within 240 s").isTrue();
        } finally {
            process.destroyForcibly();
        }
        String console = Files.readString(log);
        assertThat(process.exitValue()).as("'yarn jar' output:%n%s", console).isZero();
        assertThat(console).as("the job ran on Eddy").contains("Running job: job_eddy");
        Matcher id = APPLICATION_ID.matcher(console);
        assertThat(id.find()).as("an application id in:%n%s", console).isTrue();
        assertThat(HADOOP.awaitEnd(id.group(), java.time.Duration.ofSeconds(60)).getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);

        Map<String, Integer> counts = new TreeMap<>();
        for (org.apache.hadoop.fs.FileStatus part : fs.listStatus(new org.apache.hadoop.fs.Path("/mr/out"), p -> p.getName().startsWith("part-r-"))) {
            try (java.io.BufferedReader reader = new java.io.BufferedReader(new java.io.InputStreamReader(fs.open(part.getPath()), StandardCharsets.UTF_8))) {
                reader.lines().forEach(line -> {
                    String[] f = line.split("\t");
                    counts.put(f[0], Integer.parseInt(f[1]));
                });
            }
        }
        assertThat(counts).isEqualTo(Map.of("The", 1, "and", 1, "eddy", 3, "river", 2, "stream", 1, "the", 2));
        assertThat(fs.exists(new org.apache.hadoop.fs.Path("/mr/out/_SUCCESS"))).isTrue();
    }
}
