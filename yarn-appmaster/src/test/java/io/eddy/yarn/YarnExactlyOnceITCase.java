package io.eddy.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.configuration.Configuration;
import io.eddy.executor.JobClient;
import io.eddy.suites.ExactlyOnceJob;
import io.eddy.testkit.results.ResultDirectory;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.streaming.api.functions.sink.Encoder;
import io.eddy.streaming.api.functions.sink.FileSink;
import io.eddy.yarn.testkit.MiniHadoopCluster;
import io.eddy.yarn.testkit.YarnTargetSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 5's exactly-once scenario end to end on Hadoop's MiniYARNCluster and MiniDFSCluster: {@link
 * ExactlyOnceJob} (rewindable sequence source, keyed running counts in value state, event-time
 * window counts) submitted detached through the {@code yarn} target to a per-job application with
 * two worker containers, checkpointing every 250 ms into the directory the AM gives it ({@code
 * <staging>/<appId>/checkpoints} on HDFS: the job sets none) and writing through exactly-once
 * {@link FileSink}s to {@code hdfs://}.
 *
 * <pre>
 * submit ─▶ 2 checkpoints ─▶ SIGKILL the worker container of source lane 0 ─▶ the job restarts,
 *   the AM starts a replacement container, a checkpoint of the restarted job completes
 *   ─▶ SIGKILL the AM ─▶ attempt 2 recovers the job from its latest checkpoint on HDFS and runs it
 *   on the worker containers of attempt 1, which outlive their AM ─▶ the job finishes: SUCCEEDED,
 *   exact output, nothing staged or running
 * </pre>
 *
 * <p>The test waits for the marks the job's functions leave in a local directory ({@link
 * ResultDirectory}: the containers run on this machine), never for time. Each phase's duration is
 * logged as a {@code RESULT} line.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class YarnExactlyOnceITCase {

    private static final Logger LOG = LoggerFactory.getLogger(YarnExactlyOnceITCase.class);
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(180);
    private static final String STAGING_ROOT = YarnTargetSettings.STAGING_ROOT;
    private static final String NAME = "eddy exactly-once on yarn";
    private static final Pattern RESTORED = Pattern.compile("recovered: restoring checkpoint (\\d+) \\((\\S+)\\)");

    @RegisterExtension
    static final MiniHadoopCluster CLUSTER = MiniHadoopCluster.shared();

    @TempDir
    java.nio.file.Path temp;

    @Test
    void aKilledWorkerContainerAndAKilledApplicationMasterLeaveExactCountsOnHdfs() throws Exception {
        String base = CLUSTER.hdfsUri() + "/exactly-once";
        try (ResultDirectory marks = ResultDirectory.create(temp.resolve("results"))) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(yarnSettings());
            env.setParallelism(2);
            env.enableCheckpointing(250);
            // Two retained: the newest completed checkpoint's metadata is on HDFS whenever the test looks.
            env.getCheckpointConfig().setRetainedCheckpoints(2);
            env.setRestartStrategy(RestartStrategy.fixedDelay(20, Duration.ofMillis(200)));
            ExactlyOnceJob.build(env, marks, -1,
                    FileSink.forRowFormat(base + "/counts", Encoder.<String>simpleString()).build(),
                    FileSink.forRowFormat(base + "/windows", Encoder.<String>simpleString()).build());
            long submitted = System.nanoTime();
            JobClient job = env.executeAsync("exactly-once on yarn");
            assertThat(job.getJobResult()).as("a detached submission returns at once").isDone();
            String appId = CLUSTER.applicationIdNamed(NAME);
            String jobId = job.getJobId().toString();

            marks.await(names -> completed(names).isEmpty() ? Optional.empty() : Optional.of(true), "a first checkpoint", MARK_TIMEOUT);
            LOG.info("RESULT submission to the first completed checkpoint: {} ms", millisSince(submitted));
            marks.await(names -> completed(names).size() >= 2 ? Optional.of(true) : Optional.empty(), "two checkpoints", MARK_TIMEOUT);
            assertCheckpointsInTheApplicationDirectory(appId, jobId);
            // The detached client asks the application's master how the job is.
            io.eddy.executor.JobDetails details = job.getJobDetails().get(60, java.util.concurrent.TimeUnit.SECONDS).orElseThrow();
            assertThat(details.status()).isEqualTo("RUNNING");
            assertThat(details.endTime()).isEqualTo(-1);
            assertThat(details.vertices()).isNotEmpty().allSatisfy(v -> {
                assertThat(v.running()).as("running subtasks of %s", v.name()).isEqualTo(v.parallelism());
                assertThat(v.readsSplits()).isFalse();
            });

            killWorkerAndAwaitRecovery(appId, marks);
            killApplicationMasterAndAwaitRecovery(appId, marks);
            marks.mark(ExactlyOnceJob.RELEASE);

            ApplicationReport report = CLUSTER.awaitEnd(appId, Duration.ofSeconds(120));
            assertThat(report.getFinalApplicationStatus()).as("final status (diagnostics: %s)", report.getDiagnostics())
                    .isEqualTo(FinalApplicationStatus.SUCCEEDED);
            assertThat(report.getDiagnostics()).contains("recovered after an ApplicationMaster restart");
            assertThat(CLUSTER.fileSystem().exists(new Path(STAGING_ROOT, appId))).as("the staging directory of " + appId).isFalse();
            awaitExit(CLUSTER.containerProcesses(appId), "the containers of " + appId + " after it ended");
            assertThat(CLUSTER.containerProcesses(appId)).as("container processes of " + appId + " left").isEmpty();
        }
        assertExactOutput(base);
    }

    /**
     * SIGKILLs the worker container running source lane 0 of the first job attempt; waits until
     * the job runs again (a lane of a newer attempt opened), the AM launched a replacement worker
     * container, and a checkpoint of the restarted job completed. (That a replacement worker
     * registers and runs tasks is {@code YarnDeploymentITCase}'s; here the job restarts at once in
     * the surviving worker's free slots, and the AM is killed without waiting for the replacement's
     * JVM, which exits with its master.)
     */
    private void killWorkerAndAwaitRecovery(String appId, ResultDirectory marks) throws Exception {
        long pid = marks.await(names -> ExactlyOnceJob.laneZeroPid(names, 0), "source lane 0 of the first job attempt to open",
                MARK_TIMEOUT);
        Set<String> workers = workerContainers(appId, 1);
        assertThat(workers).as("worker containers of attempt 1").hasSize(2);
        String victim = CLUSTER.workerContainerOf(pid, appId);
        assertThat(CLUSTER.killContainerProcesses(victim)).as("the worker container %s (pid %d)", victim, pid).isEqualTo(1);
        long killed = System.nanoTime();
        int attempt = marks.await(names -> ExactlyOnceJob.newestOpenedAttempt(names) > 0
                ? Optional.of(ExactlyOnceJob.newestOpenedAttempt(names)) : Optional.empty(),
                "the job to restart after the kill of " + victim, MARK_TIMEOUT);
        LOG.info("RESULT worker container kill to the job running again (job attempt {}): {} ms", attempt, millisSince(killed));
        String replacement = awaitNewWorkerContainer(appId, workers, MARK_TIMEOUT);
        LOG.info("Worker container {} replaced by {} after {} ms", victim, replacement, millisSince(killed));
        marks.await(names -> completed(names).entrySet().stream().anyMatch(e -> e.getValue() > 0) ? Optional.of(true) : Optional.empty(),
                "a checkpoint of the restarted job", MARK_TIMEOUT);
    }

    /**
     * SIGKILLs the AM of attempt 1; waits until attempt 2 logs the job's restore from a checkpoint
     * at least as new as the last one the job was notified of, in the application's checkpoint
     * directory, and a newer checkpoint completes (only attempt 2 can complete one: attempt 1 was
     * dead when the restored one was chosen as the latest). The worker containers of attempt 1 run
     * the job again: they outlive their AM and register with the next attempt (keep containers
     * across attempts), which starts no worker container of its own.
     */
    private void killApplicationMasterAndAwaitRecovery(String appId, ResultDirectory marks) throws Exception {
        long lastNotified = completed(marks.marks()).keySet().stream().mapToLong(Long::longValue).max().orElseThrow();
        List<ProcessHandle> firstWorkers = CLUSTER.containerProcesses(containerPrefix(appId, 1)).stream()
                .filter(p -> p.info().commandLine().orElse("").contains("ContainerMain")).toList();
        assertThat(firstWorkers).as("worker containers of attempt 1: the survivor and the replacement").hasSize(2);

        assertThat(CLUSTER.yarnClient().getApplicationReport(ApplicationId.fromString(appId)).getYarnApplicationState())
                .as("the application (and its job) still runs when its AM is killed: make the job's run longer").isEqualTo(YarnApplicationState.RUNNING);
        String am = containerPrefix(appId, 1) + "000001";
        assertThat(CLUSTER.containerProcesses(am)).as("the AM of attempt 1").singleElement()
                .satisfies(p -> assertThat(p.info().commandLine().orElse("")).contains("YarnApplicationMasterMain"));
        assertThat(CLUSTER.killContainerProcesses(am)).isEqualTo(1);
        long killed = System.nanoTime();

        Matcher restored = awaitRestoreLog(containerPrefix(appId, 2) + "000001", MARK_TIMEOUT);
        long restoredId = Long.parseLong(restored.group(1));
        assertThat(restoredId).as("the restored checkpoint").isGreaterThanOrEqualTo(lastNotified);
        assertThat(restored.group(2)).startsWith(CLUSTER.fileSystem().makeQualified(new Path(STAGING_ROOT, appId + "/checkpoints")).toString());
        marks.await(names -> completed(names).keySet().stream().anyMatch(id -> id > restoredId) ? Optional.of(true) : Optional.empty(),
                "a checkpoint after the restored " + restoredId + " in AM attempt 2", MARK_TIMEOUT);
        LOG.info("RESULT AM kill to a checkpoint of the job in AM attempt 2: {} ms", millisSince(killed));

        assertThat(firstWorkers).as("the worker processes of attempt 1 serve attempt 2").allMatch(ProcessHandle::isAlive);
        assertThat(workerContainers(appId, 2)).as("worker containers started by attempt 2").isEmpty();
    }

    /** Polls the AM log of {@code amContainer} until it tells which checkpoint the recovered job restores. */
    private static Matcher awaitRestoreLog(String amContainer, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<java.nio.file.Path> log = CLUSTER.findContainerLog(amContainer, "am.log"); // empty until the attempt starts
            if (log.isPresent()) {
                Matcher restored = RESTORED.matcher(Files.readString(log.get()));
                if (restored.find()) {
                    return restored;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("The AM " + amContainer + " logged no restore of the job within " + timeout);
            }
            Thread.sleep(200); // nothing notifies the test of a log line
        }
    }

    private Configuration yarnSettings() {
        return YarnTargetSettings.perJob(CLUSTER, NAME)
                .set(YarnOptions.DETACHED, true)
                .set(YarnOptions.CONTAINERS, 2)
                // Two slots each: after a worker's loss the job restarts on the other at once, while the replacement starts.
                .set(YarnOptions.SLOTS, 2);
    }

    /** {@code <staging>/<appId>/checkpoints/<jobId>} holds completed checkpoints ({@code chk-N/_metadata}). */
    private static void assertCheckpointsInTheApplicationDirectory(String appId, String jobId) throws IOException {
        Path jobDir = new Path(STAGING_ROOT, appId + "/checkpoints/" + jobId);
        FileStatus[] metadata = CLUSTER.fileSystem().globStatus(new Path(jobDir, "chk-*/_metadata"));
        assertThat(metadata).as("completed checkpoints in %s", jobDir).isNotEmpty();
    }

    /** {@code container_<cluster>_<app>_<attempt, 2 digits>_}: the prefix of the ids of an AM attempt's containers. */
    private static String containerPrefix(String appId, int attempt) {
        return String.format("container_%s_%02d_", appId.substring("application_".length()), attempt);
    }

    private static void awaitExit(List<ProcessHandle> processes, String what) throws Exception {
        for (ProcessHandle p : processes) {
            try {
                p.onExit().get(60, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("Process " + p.pid() + " (" + what + ") still runs after 60 s: "
                        + p.info().commandLine().orElse("?"), e);
            }
        }
    }

    /** Completed checkpoint ids the job's lanes were notified of, each with the newest job attempt that saw it. */
    private static Map<Long, Integer> completed(List<String> names) {
        Map<Long, Integer> ids = new TreeMap<>();
        names.stream().map(ExactlyOnceJob.DONE::matcher).filter(Matcher::matches)
                .forEach(m -> ids.merge(Long.parseLong(m.group(3)), Integer.parseInt(m.group(1)), Math::max));
        return ids;
    }

    /** The container ids of the worker JVMs of {@code appId}'s AM attempt {@code attempt}. */
    private static Set<String> workerContainers(String appId, int attempt) {
        return CLUSTER.workerContainerIds(containerPrefix(appId, attempt));
    }

    /** Polls the worker JVMs of attempt 1 until one not in {@code known} runs, and returns its container id. */
    private static String awaitNewWorkerContainer(String appId, Set<String> known, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Set<String> now = workerContainers(appId, 1);
            Optional<String> added = now.stream().filter(id -> !known.contains(id)).findFirst();
            if (added.isPresent()) {
                return added.get();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("The AM launched no replacement worker container within " + timeout + "; workers: " + now);
            }
            Thread.sleep(100); // neither YARN nor the master notifies the test of a container's launch
        }
    }

    /** Only committed part files are left, and they hold exactly-once output ({@link ExactlyOnceJob#assertExactlyOnce}). */
    private static void assertExactOutput(String base) throws IOException {
        ExactlyOnceJob.assertExactlyOnce(CLUSTER.committedPartLines(base + "/counts"), CLUSTER.committedPartLines(base + "/windows"));
    }

    private static long millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
