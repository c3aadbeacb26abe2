package io.eddy.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.MapFunction;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import io.eddy.yarn.testkit.YarnTargetSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A per-job application asks for its worker containers where its input is (issue 5): a batch job
 * submitted through the {@code yarn} target sums the values of an HDFS file of three blocks (on
 * the mini cluster's one DataNode) per key into {@code hdfs://}. The AM's {@code am.log} must say
 * that it asked for both worker containers on the host HDFS names for the file's blocks, and the
 * sums on HDFS must be right.
 *
 * <p>What the AM asked for is read from its log: the ResourceManager forgets a request once it is
 * satisfied, and a per-job AM is gone when the job ends.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class YarnLocalityITCase {

    private static final Logger LOG = LoggerFactory.getLogger(YarnLocalityITCase.class);
    private static final String NAME = "eddy locality on yarn";
    private static final int BLOCK_SIZE = 1024 * 1024;
    private static final int KEYS = 7;
    private static final Pattern REQUESTED = Pattern.compile("Requested (\\d+) worker containers of \\d+ MB and \\d+ vcores on hosts \\{([^}]*)\\}");

    @RegisterExtension
    static final MiniHadoopCluster CLUSTER = MiniHadoopCluster.shared();

    @Test
    void aPerJobApplicationAsksForItsContainersOnTheDataNodeOfItsInput() throws Exception {
        FileSystem fs = CLUSTER.fileSystem();
        Path input = new Path(CLUSTER.hdfsUri() + "/locality/in/values.txt");
        Map<String, Long> expected = writeInput(fs, input, 300_000);
        String dataNode = onlyHostOf(fs, input);
        assertThat(dataNode).as("HDFS names the mini cluster's DataNode as the blocks' host")
                .isEqualTo(CLUSTER.dfs().getDataNodes().get(0).getDatanodeId().getHostName());
        String output = CLUSTER.hdfsUri() + "/locality/out";

        ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(yarnSettings());
        env.setParallelism(2);
        env.readTextFile(input.toString()).map(new KeyAndValue()).groupBy(0).sum(1).writeAsCsv(output);
        env.execute("sums per key from hdfs");

        String appId = CLUSTER.applicationIdNamed(NAME);
        ApplicationReport report = CLUSTER.awaitEnd(appId, Duration.ofSeconds(60));
        assertThat(report.getFinalApplicationStatus()).as("final status (diagnostics: %s)", report.getDiagnostics())
                .isEqualTo(FinalApplicationStatus.SUCCEEDED);
        String amLog = Files.readString(CLUSTER.containerLog(appId.replace("application_", "container_") + "_01_000001", "am.log"));
        amLog.lines().filter(l -> l.contains("ocality") || l.contains("worker container")).forEach(l -> LOG.info("am.log: {}", l));
        assertThat(amLog).as("the AM's log explains its hints from the staged job's input")
                .contains("Locality hints for the worker containers").contains("Text Source: " + input)
                .contains("{" + dataNode + "=" + fs.getFileStatus(input).getLen() + "}");
        Matcher requested = REQUESTED.matcher(amLog);
        assertThat(requested.find()).as("am.log has the AM's container request with locality hints:%n%s", amLog).isTrue();
        assertThat(requested.group(1)).isEqualTo("2");
        assertThat(requested.group(2)).as("the hosts asked for, with their number of containers").isEqualTo(dataNode + "=2");

        assertThat(CLUSTER.readCsvSums(new Path(output))).isEqualTo(expected);
        assertThat(fs.exists(new Path(YarnTargetSettings.STAGING_ROOT, appId))).as("the staging directory (with the staged job) of " + appId)
                .isFalse();
    }

    private Configuration yarnSettings() {
        return YarnTargetSettings.perJob(CLUSTER, NAME).set(YarnOptions.CONTAINERS, 2).set(YarnOptions.SLOTS, 1);
    }

    /** Writes {@code lines} lines {@code "k<i mod KEYS> <i>"} in blocks of {@link #BLOCK_SIZE}; returns the sum of the values per key. */
    private static Map<String, Long> writeInput(FileSystem fs, Path file, int lines) throws IOException {
        Map<String, Long> sums = new TreeMap<>();
        try (OutputStream out = fs.create(file, true, 64 * 1024, (short) 1, BLOCK_SIZE)) {
            StringBuilder chunk = new StringBuilder();
            for (int i = 0; i < lines; i++) {
                String key = "k" + (i % KEYS);
                chunk.append(key).append(' ').append(i).append('\n');
                sums.merge(key, (long) i, Long::sum);
                if (chunk.length() > 60_000) {
                    out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
                    chunk.setLength(0);
                }
            }
            out.write(chunk.toString().getBytes(StandardCharsets.UTF_8));
        }
        assertThat(fs.getFileStatus(file).getLen()).as("the input spans three blocks").isGreaterThan(2L * BLOCK_SIZE)
                .isLessThanOrEqualTo(3L * BLOCK_SIZE);
        return sums;
    }

    /** The one host HDFS names for every block of {@code file}. */
    private static String onlyHostOf(FileSystem fs, Path file) throws IOException {
        FileStatus status = fs.getFileStatus(file);
        Set<String> hosts = new TreeSet<>();
        for (BlockLocation block : fs.getFileBlockLocations(status, 0, status.getLen())) {
            hosts.addAll(Arrays.asList(block.getHosts()));
        }
        assertThat(hosts).as("the hosts of %s's blocks", file).hasSize(1);
        return hosts.iterator().next();
    }

    /** {@code "k3 17"} to {@code (k3, 17)}. */
    private static final class KeyAndValue implements MapFunction<String, Tuple2<String, Long>> {
        private static final long serialVersionUID = 1L;

        @Override
        public Tuple2<String, Long> map(String line) {
            int space = line.indexOf(' ');
            return Tuple2.of(line.substring(0, space), Long.parseLong(line.substring(space + 1)));
        }
    }
}
