package io.eddy.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.functions.RichMapFunction;
import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.api.common.typeinfo.Types;
import io.eddy.api.java.ExecutionEnvironment;
import io.eddy.api.java.tuple.Tuple2;
import io.eddy.configuration.Configuration;
import io.eddy.testkit.results.MarkDirectory;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import io.eddy.yarn.testkit.YarnTargetSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 5's batch failover on Hadoop's MiniYARNCluster and MiniDFSCluster: a DataSet job (sums per
 * key into {@code hdfs://}) with its own fixed-delay restart strategy runs as a per-job application
 * with two worker containers of one slot each; the test SIGKILLs the worker container running map
 * subtask 0 while its first attempt runs. The AM replaces the container, the master restarts the
 * regions that lost tasks or results, and the application ends SUCCEEDED with exact output.
 *
 * <p>The test waits for the marks the map leaves in a local directory ({@link MarkDirectory}: the
 * containers run on this machine), never for time.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class YarnBatchFailoverITCase {

    private static final String NAME = "eddy batch failover on yarn";
    private static final long RECORDS = 200_000;
    private static final int KEYS = 10;
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(180);
    /** {@code open-<subtask>-<attempt>-<pid>}: a map subtask's attempt opened in that worker JVM. */
    private static final Pattern OPEN = Pattern.compile("open-(\\d+)-(\\d+)-(\\d+)");

    @RegisterExtension
    static final MiniHadoopCluster CLUSTER = MiniHadoopCluster.shared();

    @TempDir
    java.nio.file.Path temp;

    @Test
    void aKilledWorkerContainerOfABatchJobIsReplacedAndTheJobsOutputIsExact() throws Exception {
        String output = CLUSTER.hdfsUri() + "/batch-failover/sums";
        try (MarkDirectory marks = MarkDirectory.watch(temp.resolve("marks"))) {
            ExecutionEnvironment env = ExecutionEnvironment.getExecutionEnvironment(yarnSettings());
            env.setParallelism(2);
            env.setRestartStrategy(RestartStrategy.fixedDelay(3, Duration.ofMillis(200)));
            env.generateSequence(1, RECORDS).map(new MarkingSlowMap(marks.directory().toString())).returns(Types.TUPLE(Types.LONG, Types.LONG))
                    .groupBy(0).sum(1).writeAsCsv(output);
            CompletableFuture<Void> run = CompletableFuture.runAsync(() -> {
                try {
                    env.execute("batch failover on yarn");
                } catch (Exception e) {
                    throw new IllegalStateException("The batch job on YARN failed", e);
                }
            });

            long pid = marks.await(names -> opened(names, 0, 0), "map subtask 0's first attempt to open", MARK_TIMEOUT);
            String appId = CLUSTER.applicationIdNamed(NAME);
            String victim = CLUSTER.workerContainerOf(pid, appId);
            assertThat(CLUSTER.killContainerProcesses(victim)).as("the worker container %s (pid %d)", victim, pid).isEqualTo(1);
            long restartedIn = marks.await(names -> opened(names, 0, -1).filter(p -> p != pid),
                    "map subtask 0 to open again in another worker after the kill of " + victim, MARK_TIMEOUT);
            assertThat(restartedIn).isNotEqualTo(pid);

            run.get(MARK_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            ApplicationReport report = CLUSTER.awaitEnd(appId, Duration.ofSeconds(60));
            assertThat(report.getFinalApplicationStatus()).as("final status (diagnostics: %s)", report.getDiagnostics())
                    .isEqualTo(FinalApplicationStatus.SUCCEEDED);
            assertThat(marks.names()).as("map subtask 0 ran again after the kill").anyMatch(n -> n.startsWith("open-0-") && !n.startsWith("open-0-0-"));
        }
        assertThat(CLUSTER.readCsvSums(new Path(output))).isEqualTo(expectedSums());
    }

    private Configuration yarnSettings() {
        // One slot each: after the kill the job needs the AM's replacement container to run both lanes again.
        return YarnTargetSettings.perJob(CLUSTER, NAME).set(YarnOptions.CONTAINERS, 2).set(YarnOptions.SLOTS, 1);
    }

    /** The pid of the worker where map subtask {@code subtask} opened attempt {@code attempt} (any attempt above 0 if -1). */
    private static Optional<Long> opened(List<String> names, int subtask, int attempt) {
        return names.stream().map(OPEN::matcher).filter(Matcher::matches)
                .filter(m -> Integer.parseInt(m.group(1)) == subtask)
                .filter(m -> attempt >= 0 ? Integer.parseInt(m.group(2)) == attempt : Integer.parseInt(m.group(2)) > 0)
                .map(m -> Long.parseLong(m.group(3))).findFirst();
    }

    private static Map<String, Long> expectedSums() {
        Map<String, Long> sums = new TreeMap<>();
        for (long v = 1; v <= RECORDS; v++) {
            sums.merge(Long.toString(v % KEYS), v, Long::sum);
        }
        return sums;
    }

    /**
     * {@code v -> (v % KEYS, v)}; marks each opened attempt with its worker's pid; first attempts
     * pause 1 ms every 20 records (about 5 s per subtask), so that the kill lands while they run.
     */
    static final class MarkingSlowMap extends RichMapFunction<Long, Tuple2<Long, Long>> {
        private static final long serialVersionUID = 1L;
        private final String marks;
        private transient boolean slow;
        private transient long seen;

        MarkingSlowMap(String marks) {
            this.marks = marks;
        }

        @Override
        public void open() {
            slow = getRuntimeContext().getAttemptNumber() == 0;
            MarkDirectory.mark(marks, "open-" + getRuntimeContext().getIndexOfThisSubtask() + "-" + getRuntimeContext().getAttemptNumber()
                    + "-" + ProcessHandle.current().pid());
        }

        @Override
        public Tuple2<Long, Long> map(Long v) throws InterruptedException {
            if (slow && ++seen % 20 == 0) {
                // Slows the first attempt so that the test's kill lands while it runs (not a synchronisation).
                Thread.sleep(1);
            }
            return Tuple2.of(v % KEYS, v);
        }
    }
}
