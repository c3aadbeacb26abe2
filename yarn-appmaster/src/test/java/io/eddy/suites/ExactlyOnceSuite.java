package io.eddy.suites;

import static org.assertj.core.api.Assertions.assertThat;

import io.eddy.api.common.restart.RestartStrategy;
import io.eddy.executor.JobClient;
import io.eddy.jobgraph.JobGraph;
import io.eddy.runtime.cluster.JobStatus;
import io.eddy.streaming.api.CheckpointingMode;
import io.eddy.streaming.api.datastream.StreamExecutionEnvironment;
import io.eddy.testkit.deployment.TestDeployment;
import io.eddy.testkit.results.ResultDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once under failures, written once and run on every deployment (a subclass per {@link
 * TestDeployment}: {@code ExactlyOnceOnEmbeddedITCase}, {@code ...OnProcessesITCase}, {@code
 * ...OnYarnITCase}); the job's functions report through a {@link ResultDirectory}.
 *
 * <ul>
 *   <li>{@link ExactlyOnceJob} (rewindable sequence source, keyed running counts in value state,
 *       event-time window counts) with a checkpoint every 250 ms: the test kills the worker running
 *       source lane 0 three times after a checkpoint of the then current attempt completed and once
 *       while the job recovers (right after the restarted lane opened, before it checkpointed); the
 *       job also throws once in a user function. Through the exactly-once committing sinks every
 *       key's running count steps 1..n appear exactly once, every number exactly once, and every
 *       (key, window) count equals the reference.
 *   <li>The same job in at-least-once mode, writing through a sink that appends to files, loses
 *       nothing but writes some records twice (the planned failure comes after lines past the
 *       latest completed checkpoint were written, so duplicates are certain, not luck). A window
 *       may also be written twice, the second time with only part of its records: without aligned
 *       barriers a window can fire and be purged from the state a checkpoint then takes, and the
 *       records a restored source sends again create it anew. So what holds is that each window's
 *       largest count written is at least its reference count.
 *   <li>A source with its offset in checkpointed state feeds keyed counters (checkpoint every 100
 *       ms); a counter throws once after two checkpoints completed; the job restarts from its
 *       latest checkpoint — in checkpoint storage on the file system, whose retained checkpoint
 *       stays, and in memory — and every key's final count is exact: neither lost (restored) nor
 *       doubled (the source was rewound to its checkpointed offset, not to the start).
 * </ul>
 *
 * <p>The test waits for marks the job's functions leave, never for time; {@link ExactlyOnceJob}'s
 * throttled source only makes the run last long enough (about 12 s undisturbed) for the kills to
 * land in it.
 */
public abstract class ExactlyOnceSuite {

    private static final int PARALLELISM = 2;
    private static final Duration MARK_TIMEOUT = Duration.ofSeconds(90);

    /** The deployment of the subclass; it has 3 workers of 2 slots (a kill while the job recovers still leaves the 2 slots it needs). */
    protected abstract TestDeployment deployment();

    /** The results of a test at {@code dir}; a deployment may put the committed output elsewhere (YARN: on HDFS). */
    protected ResultDirectory results(Path dir) throws IOException {
        return ResultDirectory.create(dir);
    }

    @Test
    void killedWorkersAndAFailingFunctionLeaveExactCountsInTheCommittedFiles(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = results(dir)) {
            StreamExecutionEnvironment env = environment(dir, CheckpointingMode.EXACTLY_ONCE);
            ExactlyOnceJob.build(env, results, ExactlyOnceJob.NUMBERS * 3 / 4, results.committingSink("counts"), results.committingSink("windows"));
            runWithKills(env.getJobGraph("exactly-once under worker kills (" + deployment().name() + ")"), results,
                    List.of(KillMoment.AFTER_CHECKPOINT, KillMoment.DURING_RECOVERY, KillMoment.AFTER_CHECKPOINT, KillMoment.AFTER_CHECKPOINT));

            ExactlyOnceJob.assertExactlyOnce(results.committedLines("counts"), results.committedLines("windows"));
        }
    }

    @Test
    void atLeastOnceLosesNothingButDuplicates(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("appended"));
        try (ResultDirectory results = results(dir.resolve("results"))) {
            StreamExecutionEnvironment env = environment(dir, CheckpointingMode.AT_LEAST_ONCE);
            ExactlyOnceJob.build(env, results, -1, new ExactlyOnceJob.AppendingSink(out.toString(), "counts", results, true),
                    new ExactlyOnceJob.AppendingSink(out.toString(), "windows", results, false));
            runWithKills(env.getJobGraph("at-least-once under a worker kill (" + deployment().name() + ")"), results,
                    List.of(KillMoment.AFTER_CHECKPOINT));
        }
        long[] seen = new long[(int) ExactlyOnceJob.NUMBERS];
        Map<String, Long> windowCounts = new HashMap<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.sorted().toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (f.getFileName().toString().startsWith("counts-")) {
                        seen[Integer.parseInt(line.split(",")[2])]++;
                    } else {
                        int eq = line.indexOf('=');
                        windowCounts.merge(line.substring(0, eq), Long.parseLong(line.substring(eq + 1)), Math::max);
                    }
                }
            }
        }
        long duplicated = 0;
        for (int n = 0; n < seen.length; n++) {
            assertThat(seen[n]).as("times number %d was written (at least once)", n).isGreaterThanOrEqualTo(1);
            duplicated += seen[n] > 1 ? 1 : 0;
        }
        assertThat(duplicated).as("numbers written more than once").isPositive();
        Map<String, Long> expected = ExactlyOnceJob.expectedWindowCounts();
        assertThat(windowCounts.keySet()).as("windows written").containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((w, c) -> assertThat(windowCounts.get(w)).as("largest count written for window %s", w).isGreaterThanOrEqualTo(c));
    }

    @Test
    void aJobRestartsFromItsLatestCheckpointOnTheFileSystemWithExactCounts(@TempDir Path dir) throws Exception {
        Path checkpoints = dir.resolve("checkpoints");
        try (ResultDirectory results = ResultDirectory.create(dir.resolve("results"))) {
            StreamExecutionEnvironment env = CheckpointRecoveryJob.build(deployment().settings(), results);
            env.getCheckpointConfig().setCheckpointStorage(checkpoints.toUri().toString());
            runCheckpointRecovery(env.getJobGraph("checkpoint recovery, file system (" + deployment().name() + ")"), results);
        }
        Path jobDir;
        try (Stream<Path> jobs = Files.list(checkpoints)) {
            jobDir = jobs.findFirst().orElseThrow();
        }
        try (Stream<Path> kept = Files.list(jobDir)) {
            assertThat(kept.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("chk-")))
                    .as("the retained checkpoint stays after the job ended").isNotEmpty();
        }
    }

    @Test
    void aJobRestartsFromItsLatestCheckpointInMemoryWithExactCounts(@TempDir Path dir) throws Exception {
        try (ResultDirectory results = ResultDirectory.create(dir)) {
            StreamExecutionEnvironment env = CheckpointRecoveryJob.build(deployment().settings(), results);
            env.getCheckpointConfig().setMemoryCheckpointStorage();
            runCheckpointRecovery(env.getJobGraph("checkpoint recovery, memory (" + deployment().name() + ")"), results);
        }
    }

    private void runCheckpointRecovery(JobGraph graph, ResultDirectory results) throws Exception {
        try (JobClient client = deployment().submit(graph)) {
            client.getJobResult().get(100, TimeUnit.SECONDS);
        }
        assertThat(deployment().awaitTermination(graph.jobId(), Duration.ofSeconds(10))).isEqualTo(JobStatus.FINISHED);
        CheckpointRecoveryJob.assertExactRecovery(results);
    }

    private StreamExecutionEnvironment environment(Path dir, CheckpointingMode mode) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(deployment().settings());
        env.setParallelism(PARALLELISM);
        env.enableCheckpointing(250, mode);
        env.getCheckpointConfig().setCheckpointStorage(dir.resolve("checkpoints").toUri().toString());
        env.setRestartStrategy(RestartStrategy.fixedDelay(10, Duration.ofMillis(200)));
        return env;
    }

    /** When the test kills the worker running source lane 0. */
    private enum KillMoment {
        /** Once a checkpoint of an attempt newer than the last killed one completed. */
        AFTER_CHECKPOINT,
        /** As soon as lane 0 of an attempt newer than the last killed one opened: while the job recovers, before it checkpointed. */
        DURING_RECOVERY
    }

    /**
     * Submits the job; at each of {@code kills} waits for its moment and kills the worker running
     * source lane 0 of the newest attempt (the deployment gets a replacement going); then releases
     * the job, waits for it to finish and checks that the planned failure happened and every kill
     * caused a restart.
     */
    private void runWithKills(JobGraph graph, ResultDirectory results, List<KillMoment> kills) throws Exception {
        try (JobClient client = deployment().submit(graph)) {
            int attemptAtLastKill = -1;
            for (int k = 1; k <= kills.size(); k++) {
                int after = attemptAtLastKill;
                if (kills.get(k - 1) == KillMoment.AFTER_CHECKPOINT) {
                    // Replacements first: a restart then finds free slots at once, whatever the machine's load.
                    deployment().awaitWorkers();
                }
                int attempt = switch (kills.get(k - 1)) {
                    case AFTER_CHECKPOINT -> results.await(names -> newestAttemptWithCheckpoint(names, after),
                            "a completed checkpoint of an attempt after " + after + " (kill " + k + ")", MARK_TIMEOUT);
                    case DURING_RECOVERY -> results.await(names -> ExactlyOnceJob.newestOpenedAttempt(names) > after
                            ? Optional.of(ExactlyOnceJob.newestOpenedAttempt(names)) : Optional.empty(), "an attempt after " + after + " (kill " + k + ")", MARK_TIMEOUT);
                };
                int newest = Math.max(attempt, ExactlyOnceJob.newestOpenedAttempt(results.marks()));
                assertThat(client.getJobResult()).as("the job still runs at kill %d (it cannot end before its release)", k).isNotDone();
                long pid = results.await(names -> ExactlyOnceJob.laneZeroPid(names, newest), "lane 0 of attempt " + newest + " to open",
                        MARK_TIMEOUT);
                deployment().killWorker(pid);
                attemptAtLastKill = newest;
            }
            results.mark(ExactlyOnceJob.RELEASE);
            client.getJobResult().get(120, TimeUnit.SECONDS);
        }
        List<String> names = results.marks();
        assertThat(names).as("the planned failure happened").contains(ExactlyOnceJob.INJECTED);
        assertThat(ExactlyOnceJob.newestOpenedAttempt(names)).as("restarts: %d kills and one planned failure", kills.size())
                .isGreaterThanOrEqualTo(kills.size());
    }

    /** The newest attempt after {@code after} for which a checkpoint completion was marked. */
    private static Optional<Integer> newestAttemptWithCheckpoint(List<String> names, int after) {
        return names.stream().map(ExactlyOnceJob.DONE::matcher).filter(Matcher::matches).map(m -> Integer.parseInt(m.group(1)))
                .filter(a -> a > after).max(Integer::compare);
    }
}
