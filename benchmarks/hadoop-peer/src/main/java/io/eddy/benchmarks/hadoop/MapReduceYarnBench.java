package io.eddy.benchmarks.hadoop;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.ExampleDriver;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * The stock WordCount as a YARN application on Hadoop's mini HDFS and YARN clusters, started in this
 * JVM, timed from submission to completion:
 *
 * <pre>
 *   MapReduceYarnBench NAME SYSTEM INPUT ROUNDS [EDDY SETTINGS...]
 *   RESULT name=NAME system=SYSTEM round=R rate=&lt;input MB/s&gt; seconds=&lt;client wall time&gt; checksum=&lt;output&gt;
 * </pre>
 *
 * <p>The cluster is one NameNode, one DataNode and {@link MiniMRYarnCluster} (a ResourceManager, one
 * NodeManager with MapReduce's shuffle service, the job history server): the cluster MapReduce's own
 * tests run the real {@code MRAppMaster} on. Both systems get the same cluster, offering {@value
 * #NODE_MEMORY_MB} MB: enough for MapReduce's ApplicationMaster and two task containers at a time (its
 * defaults: 1536 MB and 1024 MB each), so both run two tasks at once. The input is copied into HDFS
 * before the first round (128 MB blocks: one split per block).
 *
 * <p>Each round is {@code yarn jar hadoop-mapreduce-examples.jar wordcount IN OUT} in a client JVM
 * of its own — Hadoop's {@code RunJar}, the cluster's configuration directory first on its class path
 * and as {@code HADOOP_CONF_DIR} — whose {@code mapred-site.xml} names the framework: {@code yarn}
 * for {@code SYSTEM=mapreduce-yarn}, {@code eddy} for {@code SYSTEM=eddy-yarn} (then this JVM's class
 * path, which holds Eddy's client jars, is the client's, and the {@code EDDY SETTINGS} are its system
 * properties). The time is the client process's, from its start to its exit; the checksum is {@link
 * OutputChecksum}'s over the output in HDFS. The first round of Eddy uploads its class path into the
 * jar cache of the cluster's HDFS; later rounds find it there.
 */
public final class MapReduceYarnBench {

    static final int NODE_MEMORY_MB = 4096;

    private MapReduceYarnBench() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("Usage: MapReduceYarnBench NAME SYSTEM INPUT ROUNDS [EDDY SETTINGS...]");
            System.exit(2);
        }
        String name = args[0];
        String system = args[1];
        if (!system.equals("mapreduce-yarn") && !system.equals("eddy-yarn")) {
            throw new IllegalArgumentException("SYSTEM is mapreduce-yarn or eddy-yarn, not '" + system + "'");
        }
        java.nio.file.Path input = java.nio.file.Path.of(args[2]);
        int rounds = Integer.parseInt(args[3]);
        List<String> eddySettings = List.of(args).subList(4, args.length);

        java.nio.file.Path base = Files.createTempDirectory("mapreduce-yarn-bench-");
        // Hadoop's test utilities put the mini clusters' data under test.build.data (default: target/test/data in the working directory).
        System.setProperty("test.build.data", base.resolve("data").toString());
        Configuration conf = new YarnConfiguration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.resolve("dfs").toString());
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        MiniMRYarnCluster yarn = null;
        try {
            dfs.waitClusterUp();
            conf.set("fs.defaultFS", dfs.getURI().toString());
            conf.setInt(YarnConfiguration.NM_PMEM_MB, NODE_MEMORY_MB);
            conf.setInt("yarn.minicluster.yarn.nodemanager.resource.memory-mb", NODE_MEMORY_MB);
            conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
            conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
            conf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.0f);
            conf.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
            yarn = new MiniMRYarnCluster(name, 1);
            yarn.init(conf);
            yarn.start();
            Configuration cluster = new Configuration(yarn.getConfig());
            cluster.set("fs.defaultFS", dfs.getURI().toString());
            cluster.unset("mapreduce.framework.name");
            java.nio.file.Path confDir = writeConfDir(base.resolve("conf"), cluster, system.equals("eddy-yarn") ? "eddy" : "yarn");

            FileSystem fs = dfs.getFileSystem();
            Path in = new Path("/bench/input");
            Path out = new Path("/bench/output");
            fs.mkdirs(in);
            fs.copyFromLocalFile(false, true, new Path(input.toUri()), new Path(in, input.getFileName().toString()));
            long inputBytes = fs.getContentSummary(in).getLength();

            for (int round = 1; round <= rounds; round++) {
                fs.delete(out, true);
                double seconds = runClient(confDir, system, eddySettings, dfs.getURI() + in.toString(), dfs.getURI() + out.toString(), round);
                if (!fs.exists(new Path(out, "_SUCCESS"))) {
                    throw new IllegalStateException("Round " + round + " of " + system + " wrote no " + out + "/_SUCCESS");
                }
                System.out.printf(Locale.ROOT, "RESULT name=%s system=%s round=%d rate=%.2f seconds=%.2f checksum=%s%n", name, system, round,
                        inputBytes / 1e6 / seconds, seconds, OutputChecksum.of(fs, out));
            }
        } finally {
            if (yarn != null) {
                yarn.stop();
            }
            dfs.shutdown(true);
            org.apache.hadoop.fs.FileUtil.fullyDelete(base.toFile());
        }
    }

    /**
     * {@code HADOOP_CONF_DIR}: the cluster's settings that are not just a {@code *-default.xml} value
     * as core-, hdfs- and yarn-site (as a real cluster's site files hold them), the framework in
     * mapred-site.
     */
    private static java.nio.file.Path writeConfDir(java.nio.file.Path dir, Configuration cluster, String framework) throws IOException {
        Files.createDirectories(dir);
        Configuration site = new Configuration(false);
        for (java.util.Map.Entry<String, String> entry : cluster) {
            String[] sources = cluster.getPropertySources(entry.getKey());
            if (sources == null || sources.length == 0 || !sources[sources.length - 1].endsWith("-default.xml")) {
                site.set(entry.getKey(), entry.getValue());
            }
        }
        for (String file : List.of("core-site.xml", "hdfs-site.xml", "yarn-site.xml")) {
            try (OutputStream out = Files.newOutputStream(dir.resolve(file))) {
                site.writeXml(out);
            }
        }
        Files.writeString(dir.resolve("mapred-site.xml"), "<?xml version=\"1.0\"?>\n<configuration>\n"
                + "  <property><name>mapreduce.framework.name</name><value>" + framework + "</value></property>\n"
                + "  <property><name>mapreduce.client.completion.pollinterval</name><value>100</value></property>\n"
                + "</configuration>\n", StandardCharsets.UTF_8);
        return dir;
    }

    /** Runs {@code yarn jar EXAMPLES wordcount IN OUT} in a client JVM; returns its wall time in seconds. */
    private static double runClient(java.nio.file.Path confDir, String system, List<String> eddySettings, String in,
            String out, int round) throws IOException, InterruptedException {
        java.nio.file.Path examplesJar;
        try {
            examplesJar = java.nio.file.Path.of(ExampleDriver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException("The examples jar's location is not a path", e);
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElseThrow());
        command.add("-Xmx1g");
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        // Log4j's default configuration at INFO: the job client's progress and a failed job's diagnostics reach the log.
        command.add("-Dorg.apache.logging.log4j.level=INFO");
        if (system.equals("eddy-yarn")) {
            command.addAll(eddySettings);
        }
        command.add("-cp");
        // Absolute entries: on the mini cluster, MapReduce's containers get the client's class path, and run elsewhere.
        StringBuilder classPath = new StringBuilder(confDir.toString());
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            classPath.append(java.io.File.pathSeparator).append(java.nio.file.Path.of(entry).toAbsolutePath());
        }
        command.add(classPath.toString());
        command.add("org.apache.hadoop.util.RunJar");
        command.add(examplesJar.toString());
        command.add("wordcount");
        command.add(in);
        command.add(out);
        // In the temporary directory, which outlives the cluster's: where a run's time went can be read afterwards.
        java.nio.file.Path log = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "mapreduce-yarn-bench-" + system + "-round-" + round + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("HADOOP_CONF_DIR", confDir.toString());
        long start = System.nanoTime();
        Process client = builder.start();
        if (!client.waitFor(30, TimeUnit.MINUTES)) {
            client.destroyForcibly();
            throw new IllegalStateException("The " + system + " client did not end within 30 minutes; its output: " + log);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (client.exitValue() != 0) {
            System.err.println(Files.readString(log));
            throw new IllegalStateException("The " + system + " client failed with exit code " + client.exitValue() + " (its output above)");
        }
        return seconds;
    }
}
